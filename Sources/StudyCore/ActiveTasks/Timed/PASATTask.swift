/// A visual PASAT as it runs: a digit every interval; from the second digit on, the participant
/// types the sum of the last two before the next digit comes. An answer is complete at its last
/// possible digit (sums run from 2 to 18, so a lone 1 waits for a second digit) or at Enter; the
/// first answer to a digit counts, later ones ring the bell.
public struct PASATTask: TimedTaskLogic {
    /// One answer given.
    public struct Answer: Sendable, Equatable {
        /// The number typed.
        public var value: Int
        /// When its last key was read.
        public var time: Duration
        /// Whether it came before the digit's frame reached the terminal.
        public var early: Bool
    }

    /// The parameters (the practice round's, in practice).
    public let parameters: PASATParameters
    /// The digits, the first included.
    public let digits: [Int]
    /// Whether this is the practice round (the screen says right or wrong).
    public let practice: Bool
    /// The digit up now (or last shown), 0-based; nil before the start.
    public private(set) var current: Int?
    /// When each digit shown so far reached the terminal.
    public private(set) var onsets: [Duration?]
    /// The answer to each digit (index 0 never has one).
    public private(set) var answers: [Answer?]
    /// What is typed so far of the next answer.
    public private(set) var typed = ""
    /// Whether the digit is still on screen.
    public private(set) var digitVisible = false
    /// Whether the series is over.
    public private(set) var isFinished = false
    /// When the series began (digit 0 was due).
    private(set) var start: Duration = .zero

    /// A series of `seriesLength + 1` digits from 1 to 9 (the practice's length when `practice`),
    /// drawn from `seed`.
    public init(parameters: PASATParameters, practice: Bool, seed: UInt64) {
        self.parameters = practice ? parameters.practice : parameters
        self.practice = practice
        var generator = SeededGenerator(seed: seed)
        digits = (0...max(1, self.parameters.seriesLength)).map { _ in Int.random(in: 1...9, using: &generator) }
        onsets = Array(repeating: nil, count: digits.count)
        answers = Array(repeating: nil, count: digits.count)
    }

    /// The digit on screen, if one is.
    public var visibleDigit: Int? { digitVisible ? current.map { digits[$0] } : nil }

    /// When digit `index` is due.
    func due(_ index: Int) -> Duration { start + parameters.interval * index }

    /// Shows the first digit.
    public mutating func begin(at time: Duration) -> TimedEffect {
        guard current == nil else { return .none }
        start = time
        return show(0)
    }

    /// The digit's frame reached the terminal.
    public mutating func framePresented(at time: Duration) -> TimedEffect {
        guard let i = current, onsets[i] == nil else { return .none }
        onsets[i] = time
        return .wake(at: nextWake(after: time))
    }

    /// A digit key adds to the answer; Enter sends it; Backspace clears it.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard let i = current, !isFinished else { return .none }
        switch key {
        case "backspace":
            typed = ""
            return .none
        case "enter":
            guard let value = Int(typed) else { return TimedEffect(bell: true) }
            return answer(value, to: i, at: time)
        default:
            guard key.count == 1, let d = Int(key), i > 0, answers[i] == nil else { return TimedEffect(bell: true) }
            typed += String(d)
            // Sums run from 2 to 18: one digit other than 1 is complete, and so are two.
            guard typed != "1" else { return .none }
            return answer(Int(typed)!, to: i, at: time)
        }
    }

    /// Hides the digit when its time is up; shows the next when its interval is over; ends the
    /// series after the last one's interval.
    public mutating func timerFired(at time: Duration) -> TimedEffect {
        guard let i = current, !isFinished else { return .none }
        if time >= due(i + 1) {
            guard i + 1 < digits.count else {
                isFinished = true
                digitVisible = false
                return TimedEffect(wake: .cancel)
            }
            return show(i + 1)
        }
        if digitVisible, time >= (onsets[i] ?? due(i)) + parameters.shown { digitVisible = false }
        return .wake(at: nextWake(after: time))
    }

    /// After a pause the digit under way is shown again, its answer and the next ones void, and
    /// the series goes on from there at its pace.
    public mutating func resumed(at time: Duration) -> TimedEffect {
        guard let i = current, !isFinished else { return .none }
        start = time - parameters.interval * i
        onsets[i] = nil
        answers[i] = nil
        return show(i)
    }

    private mutating func answer(_ value: Int, to index: Int, at time: Duration) -> TimedEffect {
        typed = ""
        guard index > 0, answers[index] == nil else { return TimedEffect(bell: true) }
        answers[index] = Answer(value: value, time: time, early: onsets[index] == nil)
        return .none
    }

    private mutating func show(_ index: Int) -> TimedEffect {
        current = index
        typed = ""
        digitVisible = true
        return .showStimulus
    }

    /// The next moment something changes after `time`: the digit goes, or the next comes.
    private func nextWake(after time: Duration) -> Duration {
        guard let i = current else { return time }
        let next = due(i + 1)
        let hide = (onsets[i] ?? due(i)) + parameters.shown
        return digitVisible && hide > time ? min(hide, next) : next
    }
}
