/// A FHIRPath syntax error or an expression outside the supported subset, with the expression text.
public struct FHIRPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The expression as written.
    public var expression: String
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(expression: String, reason: String) {
        self.expression = expression
        self.reason = reason
    }

    /// `reason in: expression`.
    public var description: String { "\(reason) in FHIRPath expression: \(expression)" }
}
