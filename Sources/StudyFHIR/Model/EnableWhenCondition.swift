/// How several enableWhen conditions combine.
public enum EnableBehavior: String, Sendable, Equatable {
    case all, any
}

/// The seven R4 enableWhen operators.
public enum EnableWhenOperator: String, Sendable, Equatable, CaseIterable {
    case exists
    case equal = "="
    case notEqual = "!="
    case greaterThan = ">"
    case lessThan = "<"
    case greaterOrEqual = ">="
    case lessOrEqual = "<="
}

/// One enableWhen entry: the question it looks at, the operator and the operand.
public struct EnableWhenCondition: Sendable, Equatable {
    /// The linkId of the question whose answers are tested.
    public var question: String
    /// How answers are compared.
    public var op: EnableWhenOperator
    /// The operand (`answer[x]`); for `exists` a boolean.
    public var answer: FHIRValue

    /// Creates a condition.
    public init(question: String, op: EnableWhenOperator, answer: FHIRValue) {
        self.question = question
        self.op = op
        self.answer = answer
    }
}
