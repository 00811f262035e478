/// What an expression reads from the response: particular items (found from `linkId = '...'`
/// filters), or everything (when it walks items without such a filter, or uses `answers()`).
struct DependencyScan: Equatable {
    /// True when the expression may read any answer.
    var everything = false
    /// linkIds named in `where(linkId = '...')` filters.
    var linkIds: Set<String> = []
    /// `%names` used (variables are resolved by the caller).
    var variables: Set<String> = []

    /// Scans an expression.
    init(_ e: FHIRPathExpression) { visit(e, filtered: false) }

    private init() {}

    /// Combines two scans.
    func union(_ other: DependencyScan) -> DependencyScan {
        var s = DependencyScan()
        s.everything = everything || other.everything
        s.linkIds = linkIds.union(other.linkIds)
        s.variables = variables.union(other.variables)
        return s
    }

    private static let walkers: Set<String> = ["answers", "repeat", "children", "descendants"]

    private mutating func visit(_ e: FHIRPathExpression, filtered: Bool) {
        switch e {
        case .literal, .empty, .this, .index: break
        case .variable(let n): variables.insert(n)
        case .member(let base, let name):
            if name == "item", !filtered { everything = true }
            if let base { visit(base, filtered: false) }
        case .function(let base, let name, let args):
            if Self.walkers.contains(name) { everything = true }
            let isFilter = name == "where" && args.count == 1 && !args[0].linkIdLiterals.isEmpty
            if isFilter { linkIds.formUnion(args[0].linkIdLiterals) }
            if let base { visit(base, filtered: isFilter) }
            for a in args { visit(a, filtered: false) }
        case .indexer(let a, let b), .binary(_, let a, let b):
            visit(a, filtered: false)
            visit(b, filtered: false)
        case .negate(let a): visit(a, filtered: false)
        }
    }
}
