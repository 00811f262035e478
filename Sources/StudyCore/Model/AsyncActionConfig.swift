/// A background recorder configuration (`asyncActions`), kept with its raw JSON.
public struct AsyncActionConfig: Sendable, Equatable {
    /// The recorder identifier.
    public var identifier: String
    /// The recorder type (`motion`, `microphone`, `distance`, ...).
    public var type: String
    /// Starts when this step is about to be shown (nil: with the first step).
    public var startStepIdentifier: StepID?
    /// Stops after this step completes (nil: when its task or section ends).
    public var stopStepIdentifier: StepID?
    /// The configuration as read.
    public var raw: JSONValue

    public init(
        identifier: String, type: String, startStepIdentifier: StepID? = nil, stopStepIdentifier: StepID? = nil,
        raw: JSONValue
    ) {
        self.identifier = identifier
        self.type = type
        self.startStepIdentifier = startStepIdentifier
        self.stopStepIdentifier = stopStepIdentifier
        self.raw = raw
    }
}
