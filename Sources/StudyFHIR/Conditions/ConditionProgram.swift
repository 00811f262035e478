import StudyCore

/// The compiled enablement and calculation rules of a Questionnaire, indexed by item position
/// (`ItemTable` order), with the dependency graph and an evaluation order. Immutable.
struct ConditionProgram: Sendable {
    /// One enableWhen with its question resolved to a position (-1: unknown item).
    struct Condition: Sendable {
        let question: Int
        let op: EnableWhenOperator
        let answer: FHIRValue
    }

    /// A compiled `variable`.
    struct Variable: Sendable {
        let name: String
        let expression: FHIRPathExpression
        let text: String
    }

    /// The Questionnaire compiled.
    let model: QuestionnaireModel
    /// The parent position of each item (-1 at the top).
    let parent: [Int]
    /// The enableWhen conditions of each item.
    let conditions: [[Condition]]
    /// How each item combines its conditions.
    let behavior: [EnableBehavior]
    /// The compiled enableWhenExpression of each item.
    let enableExpression: [FHIRPathExpression?]
    /// The compiled calculatedExpression of each item.
    let calculatedExpression: [FHIRPathExpression?]
    /// The items that have one, in order (the calculated values are read at every step: a form
    /// of thousands of items with a few calculations reads only those).
    let calculatedItems: [Int]
    /// Variables declared on the Questionnaire, then per item.
    let rootVariables: [Variable]
    /// The variables declared on each item.
    let itemVariables: [[Variable]]
    /// Who must be re-evaluated when an item's answer or enablement changes.
    let dependents: [[Int]]
    /// Items whose expressions may read any answer (re-evaluated after every change).
    let wildcard: [Int]
    /// What each item's enablement and value read: the inverse of `dependents`.
    let precedents: [[Int]]
    /// True for the items of `wildcard`.
    let readsEverything: [Bool]
    /// Evaluation order: `order[rank]` is an item position; `rank[item]` its inverse.
    let order: [Int]
    /// The position of each item in `order`.
    let rank: [Int]
    /// For items in a dependency cycle: the rank range of their cycle.
    let cycle: [Int: ClosedRange<Int>]
    /// True when some expression needs `%resource` (the response is then rebuilt while evaluating).
    let usesExpressions: Bool
    /// Option scores for `ordinal()` and `weight()`.
    let scores: ScoreTable
    /// Problems found while compiling (expressions outside the subset, cycles).
    let diagnostics: [Diagnostic]

    /// Whether any item's enabling or value depends on answers (enableWhen, enableWhenExpression,
    /// calculatedExpression). When none does, no answer is ever read back: a run never builds an
    /// answer snapshot for the conditions, and a long plain form stays linear to run.
    var readsAnswers: Bool {
        conditions.contains { !$0.isEmpty } || enableExpression.contains { $0 != nil } || calculatedExpression.contains { $0 != nil }
    }

    /// Compiles the rules of `model`; `file` names the file in messages.
    init(model: QuestionnaireModel, file: String) {
        var log = DiagnosticLog(file: file)
        let table = model.table
        let n = table.items.count
        self.model = model
        parent = table.parent
        conditions = table.items.map { item in
            item.enableWhen.map { Condition(question: table.index[$0.question] ?? -1, op: $0.op, answer: $0.answer) }
        }
        behavior = table.items.map(\.enableBehavior)
        let compiler = ExpressionCompiler(model: model)
        let root = compiler.variables(model.variables, path: "", visible: [], log: &log)
        // The root's names and declarations once (the nearest, here the last, declaration wins);
        // each item adds only its ancestors' and its own, so many variables cost linear time.
        let rootNames = Set(root.map(\.name))
        let rootScope = Dictionary(root.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        var itemVars = [[Variable]](repeating: [], count: n)
        var enable = [FHIRPathExpression?](repeating: nil, count: n)
        var calc = [FHIRPathExpression?](repeating: nil, count: n)
        var scans = [DependencyScan?](repeating: nil, count: n)
        for (i, item) in table.items.enumerated() {
            let outer = Self.ancestors(i, table.parent).reversed().flatMap { itemVars[$0] }
            let visible = outer.isEmpty ? rootNames : rootNames.union(outer.map(\.name))
            itemVars[i] = compiler.variables(item.variables, path: item.path, visible: visible, log: &log)
            let names = itemVars[i].isEmpty ? visible : visible.union(itemVars[i].map(\.name))
            enable[i] = compiler.expression(item.enableWhenExpression, "enableWhenExpression", item, names, &log)
            calc[i] = compiler.expression(item.calculatedExpression, "calculatedExpression", item, names, &log)
            var local: [String: Variable] = [:]
            for v in outer + itemVars[i] { local[v.name] = v }
            for e in [enable[i], calc[i]].compactMap({ $0 }) {
                let s = compiler.scan(e) { local[$0] ?? rootScope[$0] }
                scans[i] = scans[i].map { $0.union(s) } ?? s
            }
        }
        rootVariables = root
        itemVariables = itemVars
        enableExpression = enable
        calculatedExpression = calc
        calculatedItems = calc.indices.filter { calc[$0] != nil }
        usesExpressions = enable.contains { $0 != nil } || calc.contains { $0 != nil }
        scores = ScoreTable(model: model)
        let graph = DependencyGraph(table: table, conditions: conditions, scans: scans)
        dependents = graph.dependents
        wildcard = graph.wildcard
        var reads = [[Int]](repeating: [], count: graph.dependents.count)
        for (k, list) in graph.dependents.enumerated() { for i in list { reads[i].append(k) } }
        precedents = reads
        var everything = [Bool](repeating: false, count: graph.dependents.count)
        for w in graph.wildcard { everything[w] = true }
        readsEverything = everything
        let ordering = graph.evaluationOrder()
        order = ordering.order
        rank = ordering.rank
        cycle = ordering.cycles
        for members in graph.explicitCycles() {
            let ids = members.map { table.items[$0].linkId }
            log.warning(table.items[members[0]].path,
                        "enableWhen/expression dependency cycle among \(ids.joined(separator: ", ")); evaluated to a fixpoint, at most \(members.count + 2) passes")
        }
        diagnostics = log.diagnostics
    }

    /// The positions of the ancestors of `i`, nearest first.
    static func ancestors(_ i: Int, _ parent: [Int]) -> [Int] {
        var out: [Int] = []
        var p = parent[i]
        while p >= 0 { out.append(p); p = parent[p] }
        return out
    }
}
