/// A timed step: `active` or `countdown`, with commands and timed captions.
public struct ActiveStep: Sendable, Equatable {
    /// Duration in seconds; 0 means no timer.
    public var duration: Double
    /// Behaviour flags.
    public var commands: Set<ActiveCommand>
    /// Captions shown (and optionally spoken) at their times, sorted by time.
    public var spokenInstructions: [SpokenInstruction]
    /// True for a `countdown` step.
    public var isCountdown: Bool
    /// An interruption fails the task instead of pausing.
    public var shouldEndOnInterrupt: Bool

    public init(
        duration: Double, commands: Set<ActiveCommand> = [], spokenInstructions: [SpokenInstruction] = [],
        isCountdown: Bool = false, shouldEndOnInterrupt: Bool = false
    ) {
        self.duration = duration
        self.commands = commands
        self.spokenInstructions = spokenInstructions.sorted { $0.time < $1.time }
        self.isCountdown = isCountdown
        self.shouldEndOnInterrupt = shouldEndOnInterrupt
    }

    /// The clock starts when the step appears.
    public var startsAutomatically: Bool {
        commands.contains(.startTimerAutomatically) || commands.contains(.transitionAutomatically)
    }

    /// The step goes forward by itself when the time is up.
    public var continuesOnFinish: Bool {
        commands.contains(.continueOnFinish) || commands.contains(.transitionAutomatically)
    }

    /// Next and Back are hidden (the step moves on by itself).
    public var transitionsAutomatically: Bool { commands.contains(.transitionAutomatically) }
}

/// A command flag of an active step.
public enum ActiveCommand: String, Sendable, Hashable, CaseIterable {
    case playSoundOnStart, playSoundOnFinish, vibrateOnStart, vibrateOnFinish
    case startTimerAutomatically, continueOnFinish, transitionAutomatically
    case shouldDisableIdleTimer, speakWarningOnPause

    /// Expands a JSON command name; `playSound` and `vibrate` mean both start and finish.
    public static func parse(_ raw: String) -> Set<ActiveCommand>? {
        switch raw {
        case "playSound": return [.playSoundOnStart, .playSoundOnFinish]
        case "vibrate": return [.vibrateOnStart, .vibrateOnFinish]
        default: return ActiveCommand(rawValue: raw).map { [$0] }
        }
    }
}

/// A caption at a time into an active step (the terminal's stand-in for speech).
public struct SpokenInstruction: Sendable, Equatable {
    /// Seconds from the start; `.infinity` means "at the end".
    public var time: Double
    /// The text.
    public var text: String

    public init(time: Double, text: String) {
        self.time = time
        self.text = text
    }
}
