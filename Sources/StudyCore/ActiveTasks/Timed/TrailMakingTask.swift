/// Trail making as it runs: labelled targets stand on a board of places; the participant types
/// the labels in order (1, 2, 3 … or 1, A, 2, B …). A label of two characters (10, 11 …) waits
/// for its second; anything that cannot become the expected label is an error (counted, the
/// trail does not move on). Time runs from the board's onset to the last target.
public struct TrailMakingTask: TimedTaskLogic {
    /// The parameters (the practice round's, in practice).
    public let parameters: TrailMakingParameters
    /// Whether this is the practice round.
    public let practice: Bool
    /// The trail's rules and taps.
    public private(set) var trail: TrailMaking
    /// Where each target stands: a place index, row by row on the board.
    public let places: [Int]
    /// What is typed so far of the next label.
    public private(set) var typed = ""
    /// When the board reached the terminal.
    public private(set) var onset: Duration?
    /// Whether the trail is done.
    public private(set) var isFinished = false
    /// Whether the last key was an error (for the screen).
    public private(set) var lastWasError = false
    private var started = false
    /// When the round began (the origin of the taps' times).
    private(set) var origin: Duration = .zero

    /// A trail of `numberOfTargets` targets (the practice's when `practice`) placed from `seed`.
    public init(parameters: TrailMakingParameters, practice: Bool, seed: UInt64) {
        self.parameters = practice ? parameters.practice : parameters
        self.practice = practice
        trail = TrailMaking(part: self.parameters.trailType, count: self.parameters.numberOfTargets)
        var generator = SeededGenerator(seed: seed)
        let all = TrailMakingParameters.boardColumns * TrailMakingParameters.boardRows
        places = Array(Array(0..<all).shuffled(using: &generator).prefix(self.parameters.numberOfTargets))
    }

    /// Shows the board.
    public mutating func begin(at time: Duration) -> TimedEffect {
        guard !started else { return .none }
        started = true
        origin = time
        return .showStimulus
    }

    /// The board reached the terminal: the time starts.
    public mutating func framePresented(at time: Duration) -> TimedEffect {
        if onset == nil { onset = time }
        return .none
    }

    /// A label's character; Backspace clears what is typed.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard started, !isFinished, let next = trail.next else { return .none }
        if key == "backspace" {
            typed = ""
            return .none
        }
        guard key.count == 1, let c = key.uppercased().first, c.isLetter || c.isNumber else { return TimedEffect(bell: true) }
        typed += String(c)
        lastWasError = false
        if typed == next {
            typed = ""
            trail.type(next, at: time - origin)
            guard trail.isComplete else { return .none }
            isFinished = true
            return TimedEffect(wake: .cancel)
        }
        if next.hasPrefix(typed) { return .none }
        trail.type(typed, at: time - origin)
        typed = ""
        lastWasError = true
        return TimedEffect(bell: true)
    }

    /// Nothing is timed by the clock.
    public mutating func timerFired(at time: Duration) -> TimedEffect { .none }

    /// After a pause the trail goes on where it was; what was typed of a label is dropped. The
    /// pause counts in the time (the result says how many there were).
    public mutating func resumed(at time: Duration) -> TimedEffect {
        typed = ""
        pauses += 1
        return .none
    }

    /// Pauses taken during the trail.
    public private(set) var pauses = 0

    /// The labels reached so far.
    public var reached: Int { trail.reached }
}
