/// The logic of a text step (instruction, overview, completion, or a type the app does not
/// know): only navigation.
public struct TextStepController: Sendable, Equatable {
    /// The step.
    public let step: StepDefinition

    public init(step: StepDefinition) { self.step = step }

    /// The step's raw JSON, for a step type the app does not know.
    public var unknownRaw: JSONValue? {
        if case .unknown(let u) = step.kind { return u.raw }
        return nil
    }

    /// Applies an input.
    public func handle(_ input: StepInput) -> StepOutcome {
        switch input {
        case .goForward: return StepOutcome(request: .forward(nil))
        case .goBack: return StepOutcome(request: .back(nil))
        case .skip: return StepOutcome(request: .skip)
        default: return .ignored
        }
    }
}
