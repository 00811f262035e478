/// A Stroop task as it runs: a fixation cross, a colour word in an ink, a key for the ink (r, g,
/// b, y), and so on for every word. Without colour the word stands under its ink's column
/// (position-coded) and the result says so. Keys between words are ignored; a key read before the
/// word's frame reached the terminal is an anticipation; no key by the timeout is a timeout.
public struct StroopTask: TimedTaskLogic {
    /// Where the task stands.
    public enum Phase: Sendable, Equatable {
        /// Not begun.
        case waiting
        /// A fixation cross until `until`, before word `next` (0-based).
        case blank(next: Int, until: Duration)
        /// A word is up (or asked for).
        case showing(TimedTrial)
        /// Every word has been answered or timed out.
        case over
    }

    /// The parameters (the practice round's, in practice).
    public let parameters: StroopParameters
    /// The words, in order.
    public let stimuli: [StroopStimulus]
    /// Whether the ink is shown by position instead of colour.
    public let positionCoded: Bool
    /// Whether this is the practice round (the screen says right or wrong after each word).
    public let practice: Bool
    /// Where the task stands.
    public private(set) var phase = Phase.waiting
    /// The finished trials, in order.
    public private(set) var trials: [Trial] = []
    private var origin: Duration = .zero

    /// A round of `parameters` (its practice when `practice`), words drawn from `seed`;
    /// `positionCoded` when the terminal shows no colour (or the parameters ask for position).
    public init(parameters: StroopParameters, practice: Bool, seed: UInt64, positionCoded: Bool) {
        self.parameters = practice ? parameters.practice : parameters
        self.practice = practice
        self.positionCoded = positionCoded
        var generator = SeededGenerator(seed: seed)
        stimuli = StroopStimulus.series(count: self.parameters.numberOfAttempts, using: &generator)
    }

    /// Whether every word is done.
    public var isFinished: Bool { phase == .over }

    /// The word on screen, once its trial has begun.
    public var currentStimulus: StroopStimulus? {
        guard case .showing(let trial) = phase, trial.record == nil else { return nil }
        return stimuli[trial.index - 1]
    }

    /// Begins with a fixation cross before the first word.
    public mutating func begin(at time: Duration) -> TimedEffect {
        guard phase == .waiting else { return .none }
        origin = time
        return blank(before: 0, from: time)
    }

    /// The word's frame reached the terminal: its onset; the timeout counts from here.
    public mutating func framePresented(at time: Duration) -> TimedEffect {
        guard case .showing(var trial) = phase, trial.onset == nil, trial.record == nil else { return .none }
        trial.stimulusPresented(at: time)
        phase = .showing(trial)
        return .wake(at: time + trial.timeout)
    }

    /// An ink key answers the word up; other keys ring the bell; keys between words are ignored.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard case .showing(var trial) = phase else { return .none }
        guard StroopStimulus.Colour.allCases.contains(where: { $0.key == key }) else { return TimedEffect(bell: true) }
        guard let record = trial.keyRead(key, at: time) else { return .none }
        return finish(record, at: time)
    }

    /// Shows the next word when its cross is over; ends a word whose timeout has passed.
    public mutating func timerFired(at time: Duration) -> TimedEffect {
        switch phase {
        case .blank(let next, let until):
            guard time >= until else { return .wake(at: until) }
            let stimulus = stimuli[next]
            phase = .showing(TimedTrial(index: next + 1, stimulus: stimulus.description, correctKeys: [stimulus.ink.key],
                                        stimulusDue: until, timeout: .seconds(parameters.timeout), origin: origin))
            return .showStimulus
        case .showing(var trial):
            guard let onset = trial.onset else { return .none }
            guard let record = trial.timeElapsed(at: time) else { return .wake(at: onset + trial.timeout) }
            return finish(record, at: time)
        case .waiting, .over:
            return .none
        }
    }

    /// After a pause the word under way (if any) is shown again after a fresh cross.
    public mutating func resumed(at time: Duration) -> TimedEffect {
        switch phase {
        case .waiting, .over: return .none
        case .blank(let next, _): return blank(before: next, from: time)
        case .showing(let trial): return blank(before: trial.index - 1, from: time)
        }
    }

    private mutating func finish(_ record: Trial, at time: Duration) -> TimedEffect {
        trials.append(record)
        return blank(before: trials.count, from: time)
    }

    private mutating func blank(before next: Int, from time: Duration) -> TimedEffect {
        guard next < stimuli.count else {
            phase = .over
            return TimedEffect(wake: .cancel)
        }
        let until = time + .milliseconds(Int64((parameters.interStimulusInterval * 1000).rounded()))
        phase = .blank(next: next, until: until)
        return .wake(at: until)
    }
}
