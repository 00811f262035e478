/// A parsed FHIRPath expression (the subset StudyFHIR evaluates).
public indirect enum FHIRPathExpression: Sendable, Equatable {
    /// A literal value; `{}` is `.empty`.
    case literal(FHIRPathValue)
    /// The empty collection `{}`.
    case empty
    /// `%name` (resource, context, questionnaire, a variable...).
    case variable(String)
    /// `$this`.
    case this
    /// `$index` (inside `where`/`select`).
    case index
    /// A member name applied to `base` (nil: to the input).
    case member(base: FHIRPathExpression?, name: String)
    /// A function call on `base` (nil: on the input).
    case function(base: FHIRPathExpression?, name: String, arguments: [FHIRPathExpression])
    /// `base[index]`.
    case indexer(FHIRPathExpression, FHIRPathExpression)
    /// `-x`.
    case negate(FHIRPathExpression)
    /// A binary operator.
    case binary(FHIRPathOperator, FHIRPathExpression, FHIRPathExpression)

    /// Every `%name` the expression uses.
    public var variableNames: Set<String> {
        var out: Set<String> = []
        visit { if case .variable(let n) = $0 { out.insert(n) } }
        return out
    }

    /// Every string literal compared with `linkId` (`where(linkId = 'x')`), used to find dependencies.
    public var linkIdLiterals: Set<String> {
        var out: Set<String> = []
        visit { e in
            guard case .binary(let op, let l, let r) = e, op == .equal || op == .equivalent else { return }
            for (a, b) in [(l, r), (r, l)] {
                if case .member(nil, "linkId") = a, case .literal(.string(let s)) = b { out.insert(s) }
            }
        }
        return out
    }

    /// Calls `f` on this node and every sub-expression.
    public func visit(_ f: (FHIRPathExpression) -> Void) {
        f(self)
        switch self {
        case .literal, .empty, .variable, .this, .index: break
        case .member(let b, _): b?.visit(f)
        case .function(let b, _, let args): b?.visit(f); args.forEach { $0.visit(f) }
        case .indexer(let a, let b), .binary(_, let a, let b): a.visit(f); b.visit(f)
        case .negate(let a): a.visit(f)
        }
    }
}

/// The binary operators of the subset.
public enum FHIRPathOperator: String, Sendable, Equatable {
    case multiply = "*", divide = "/", div, mod
    case add = "+", subtract = "-", concatenate = "&"
    case union = "|"
    case less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case equal = "=", notEqual = "!=", equivalent = "~", notEquivalent = "!~"
    case `in`, contains
    case and, or, xor, implies
}
