/// What a step controller asks for after an input.
public struct StepOutcome: Sendable, Equatable {
    /// Navigation the controller wants.
    public var request: NavigationRequest?
    /// The step's valid answers, sent with a navigation request (an edit leaves it nil: the
    /// answers are read from the editors when the participant moves on, not at every key).
    public var answers: [String: JSONValue]?
    /// A message about the whole step (the first problem, for example).
    public var message: ValidationMessage?
    /// The field to focus (the first invalid one).
    public var focus: FieldPath?
    /// Ring the bell (a rejected key, a sound or vibration command).
    public var bell: Bool
    /// Captions now due (spoken instructions), oldest first.
    public var captions: [String]
    /// False when the input meant nothing to the controller (the presentation may use it).
    public var handled: Bool

    public init(request: NavigationRequest? = nil, answers: [String: JSONValue]? = nil, message: ValidationMessage? = nil,
                focus: FieldPath? = nil, bell: Bool = false, captions: [String] = [], handled: Bool = true) {
        self.request = request
        self.answers = answers
        self.message = message
        self.focus = focus
        self.bell = bell
        self.captions = captions
        self.handled = handled
    }

    /// Nothing happened.
    public static let ignored = StepOutcome(handled: false)
    /// Handled, nothing to report.
    public static let none = StepOutcome()
    /// A rejected input.
    public static let rejected = StepOutcome(bell: true)
}

/// Navigation a controller requests; the presentation applies it to the `TaskRun`.
public enum NavigationRequest: Sendable, Equatable {
    /// Go forward, first storing these answers (nil: nothing to store).
    case forward([String: JSONValue]?)
    /// Go back, keeping these answers for when the participant returns.
    case back([String: JSONValue]?)
    /// Skip the step (no answers).
    case skip
}
