/// A timed task as a task-file step (`reactionTime`, `choiceReactionTime`, `twoKeyTapping`, ...):
/// its kind with its parameters, and what every kind has: instructions (the step's title and
/// text), a practice round, spoken-instruction captions, a minimum terminal size, a seed, and the
/// task's untimed alternative offered when the step cannot keep its timing.
public struct TimedStep: Sendable, Equatable {
    /// The kind and its parameters.
    public var kind: TimedTaskKind
    /// Run a practice round first (its trials are not kept).
    public var practice: Bool
    /// Captions given at their times into the round (seconds; `.infinity` at the end).
    public var spokenInstructions: [SpokenInstruction]
    /// The step to go to instead when this one refuses to run (line mode, a small terminal, a
    /// repeating key); nil records a skip with the reason and goes on.
    public var untimedAlternative: StepID?
    /// The seed of the random foreperiods, sequences and hand order; nil draws one per run (it is
    /// stored with the result either way).
    public var seed: UInt64?
    /// The smallest terminal the task keeps its layout and timing in.
    public var minimumWidth: Int
    /// The smallest terminal height.
    public var minimumHeight: Int

    /// A timed step.
    public init(kind: TimedTaskKind, practice: Bool = true, spokenInstructions: [SpokenInstruction] = [],
                untimedAlternative: StepID? = nil, seed: UInt64? = nil, minimumWidth: Int = 40, minimumHeight: Int = 12) {
        self.kind = kind
        self.practice = practice
        self.spokenInstructions = spokenInstructions.sorted { $0.time < $1.time }
        self.untimedAlternative = untimedAlternative
        self.seed = seed
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
    }
}

/// The closed set of timed task kinds, each with its parameters. To add a kind: a case here, its
/// `type` name and its logic in ``TimedTaskKind/makeLogic(practice:seed:)``, and its decoding in
/// `SageStepDecoder+Timed.swift`.
public enum TimedTaskKind: Sendable, Equatable {
    /// Simple (one stimulus, any response key) or choice reaction time (a stimulus per key).
    case reactionTime(ReactionTimeParameters)
    /// Two-key finger tapping, one hand at a time.
    case tapping(TappingParameters)

    /// The `type` the task file gives and the result's `measurementType`.
    public var typeName: String {
        switch self {
        case .reactionTime(let p): p.choices.isEmpty ? "reactionTime" : "choiceReactionTime"
        case .tapping: "twoKeyTapping"
        }
    }

    /// The logic of one round: the practice round (short) or the real one.
    public func makeLogic(practice: Bool, seed: UInt64) -> any TimedTaskLogic {
        switch self {
        case .reactionTime(let p): return ReactionTimeTask(parameters: p, practice: practice, seed: seed)
        case .tapping(let p): return TappingTask(parameters: p, practice: practice, seed: seed)
        }
    }

    /// What the instructions screen says about the keys and the round, after the step's text.
    public var keyInstructions: String {
        switch self {
        case .reactionTime(let p): p.keyInstructions
        case .tapping(let p): p.keyInstructions
        }
    }
}
