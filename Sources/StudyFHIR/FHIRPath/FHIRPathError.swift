/// A FHIRPath syntax error or an expression outside the supported subset, with the expression text.
public struct FHIRPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    public var expression: String
    /// What is wrong.
    public var reason: String
    /// The character offset in `expression` where the problem was found (nil: not known, or at run time).
    public var position: Int?
    /// True when the expression is refused for being nested too deeply (a limit, not a syntax error).
    public var isTooDeep: Bool

    /// Creates an error.
    public init(expression: String, reason: String, position: Int? = nil, isTooDeep: Bool = false) {
        self.expression = expression
        self.reason = reason
        self.position = position
        self.isTooDeep = isTooDeep
    }

    /// `reason at character N in FHIRPath expression: expression`.
    public var description: String {
        let shown = expression.count > 200 ? expression.prefix(200) + "…" : Substring(expression)
        return "\(reason)\(position.map { " at character \($0 + 1)" } ?? "") in FHIRPath expression: \(shown)"
    }
}
