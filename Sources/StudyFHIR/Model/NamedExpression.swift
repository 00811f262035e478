/// A named FHIRPath expression (the `variable` extension) or an unnamed one (calculatedExpression).
public struct NamedExpression: Sendable, Equatable {
    /// The variable name (`%name`), when it has one.
    public var name: String?
    /// The FHIRPath text.
    public var expression: String
    /// The expression language as written (`text/fhirpath` is the only one evaluated).
    public var language: String

    /// Creates an expression.
    public init(name: String?, expression: String, language: String = "text/fhirpath") {
        self.name = name
        self.expression = expression
        self.language = language
    }
}
