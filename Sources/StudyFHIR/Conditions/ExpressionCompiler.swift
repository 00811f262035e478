import StudyCore

/// Parses the expressions of a Questionnaire, checks the variables they use, and finds what they read.
struct ExpressionCompiler {
    /// The Questionnaire whose expressions are compiled.
    let model: QuestionnaireModel

    /// Names every expression may use without declaring them.
    static let builtIns: Set<String> = ["resource", "context", "questionnaire", "qitem", "ucum", "sct", "loinc"]

    /// Compiles `variable` extensions in order; each may use the ones before it. Linear in their
    /// number: the names seen so far are one set that grows (a list copied for each variable made
    /// 20,000 of them take 14 s).
    func variables(_ list: [NamedExpression], path: String, visible: Set<String>,
                   log: inout DiagnosticLog) -> [ConditionProgram.Variable] {
        var out: [ConditionProgram.Variable] = []
        var known = visible
        for v in list {
            guard let name = v.name else { continue }
            if Self.builtIns.contains(name) {
                log.warning(path, "variable %\(name) would hide a built-in name; ignored")
                continue
            }
            if let e = compile(v.expression, "variable %\(name)", path, known, &log) {
                out.append(ConditionProgram.Variable(name: name, expression: e, text: v.expression))
                known.insert(name)
            }
        }
        return out
    }

    /// Compiles one item expression, or reports why it cannot be evaluated.
    func expression(_ text: String?, _ what: String, _ item: QuestionnaireItem, _ visible: Set<String>,
                    _ log: inout DiagnosticLog) -> FHIRPathExpression? {
        guard let text else { return nil }
        let e = compile(text, what, item.path, visible, &log)
        if e == nil, what == "enableWhenExpression" {
            log.warning(item.path, "the item is treated as enabled because its enableWhenExpression cannot be evaluated")
        }
        if e == nil, what == "calculatedExpression" {
            log.warning(item.path, item.readOnly
                ? "the item is asked as a normal question, although the Questionnaire makes it read-only, because its calculatedExpression cannot be evaluated"
                : "the item is asked as a normal question because its calculatedExpression cannot be evaluated")
        }
        return e
    }

    private func compile(_ text: String, _ what: String, _ path: String, _ visible: Set<String>,
                         _ log: inout DiagnosticLog) -> FHIRPathExpression? {
        let e: FHIRPathExpression
        do { e = try FHIRPathParser.parse(text) } catch {
            if error.isTooDeep {
                log.error(path, "\(what) of \(Self.describe(path)) cannot be used: \(error.description)")
            } else {
                log.warning(path, "\(what) is outside the supported FHIRPath subset (\(error.reason)); not evaluated: \(text)")
            }
            return nil
        }
        let missing = e.variableNames.filter {
            !visible.contains($0) && !Self.builtIns.contains($0) && $0 != "$total" && FHIRPathEnvironment.specificationURL($0) == nil
        }.sorted()
        if !missing.isEmpty {
            let names = missing.map { "%" + $0 }.joined(separator: ", ")
            log.warning(path, "\(what) uses \(names), which is not defined here (launch context and undeclared variables are not supported); not evaluated: \(text)")
            return nil
        }
        return e
    }

    /// "the item with linkId \"x\"" for an item path (`…item[linkId=x]`), "the Questionnaire" at the top.
    static func describe(_ path: String) -> String {
        guard let r = path.range(of: "linkId=", options: .backwards) else { return "the Questionnaire" }
        let id = path[r.upperBound...].prefix { $0 != "]" }
        return "the item with linkId \"\(id)\""
    }

    /// What an expression reads, following the variables it uses (`variable`: the nearest
    /// declaration of a name in scope).
    func scan(_ e: FHIRPathExpression, variable: (String) -> ConditionProgram.Variable?) -> DependencyScan {
        var result = DependencyScan(e)
        var pending = Array(result.variables), done: Set<String> = []
        while let name = pending.popLast() {
            guard done.insert(name).inserted, let v = variable(name) else { continue }
            let s = DependencyScan(v.expression)
            result = result.union(s)
            pending.append(contentsOf: s.variables)
        }
        if result.variables.contains("context"), !result.everything, result.linkIds.isEmpty {
            result.everything = true
        }
        return result
    }
}
