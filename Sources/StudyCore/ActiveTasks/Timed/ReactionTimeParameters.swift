/// The parameters of a reaction-time step, named and defaulted as ResearchKit's reaction-time
/// task has them (`numberOfAttempts`, `minimumStimulusInterval`, `maximumStimulusInterval`,
/// `timeout`; the ORKCatalog values 3, 4 s, 10 s, 3 s), plus the keyboard's own: the stimulus,
/// the response keys, the choices of a choice task, the retries and the practice trials.
public struct ReactionTimeParameters: Sendable, Equatable {
    /// A stimulus of a choice task and the key that answers it.
    public struct Choice: Sendable, Equatable {
        /// What is shown.
        public var stimulus: String
        /// The right key (a ``TimedKey`` name).
        public var key: String

        /// A choice.
        public init(stimulus: String, key: String) {
            self.stimulus = stimulus
            self.key = key
        }
    }

    /// Trials that end in a response (a wrong key in a choice task counts).
    public var numberOfAttempts: Int = 3
    /// The shortest foreperiod (seconds).
    public var minimumStimulusInterval: Double = 4
    /// The longest foreperiod (seconds).
    public var maximumStimulusInterval: Double = 10
    /// How long after the onset a key still counts (seconds).
    public var timeout: Double = 3
    /// The stimulus of a simple task.
    public var stimulus: String = "●"
    /// The keys of a simple task (any of them is a response).
    public var responseKeys: [String] = [TimedKey.space]
    /// The stimuli of a choice task, each with its key; empty for a simple task.
    public var choices: [Choice] = []
    /// How many anticipations and timeouts are run again, in all, before the step ends anyway.
    public var maximumRetries: Int = 3
    /// Trials of the practice round.
    public var practiceTrials: Int = 2
    /// The pause after a trial before the next foreperiod starts (seconds).
    public var interTrialInterval: Double = 1

    /// The defaults.
    public init() {}

    /// The default choices of `choiceReactionTime`: LEFT with F, RIGHT with J.
    public static let defaultChoices = [Choice(stimulus: "LEFT", key: "f"), Choice(stimulus: "RIGHT", key: "j")]

    /// Every key that answers (the keys of the choices, or the response keys).
    public var answerKeys: Set<String> {
        choices.isEmpty ? Set(responseKeys) : Set(choices.map(\.key))
    }

    /// The instructions about the keys.
    public var keyInstructions: String {
        if choices.isEmpty {
            let keys = responseKeys.map(TimedKey.label).joined(separator: " or ")
            return "When \(stimulus) appears, press \(keys) as fast as you can. Do not press before it appears."
        }
        let pairs = choices.map { "\($0.stimulus): press \(TimedKey.label($0.key))" }.joined(separator: "; ")
        return "A word appears after a short wait. \(pairs). Answer as fast as you can without mistakes."
    }
}
