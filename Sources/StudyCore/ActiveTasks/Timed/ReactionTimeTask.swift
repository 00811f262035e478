/// Simple and choice reaction time: a fixation cross for a random foreperiod, then the stimulus
/// (input flushed, onset = the time its frame reached the terminal), then a key or the timeout.
/// A key before the onset is an anticipation and no key by the timeout is a timeout; both are
/// recorded as such and the trial is run again (up to ``ReactionTimeParameters/maximumRetries``).
public struct ReactionTimeTask: TimedTaskLogic {
    /// The parameters.
    public let parameters: ReactionTimeParameters
    /// True for the practice round (feedback shown, nothing kept).
    public let practice: Bool
    /// The trials ended so far, in order.
    public private(set) var trials: [Trial] = []
    /// The frame shown now.
    public private(set) var frame = StimulusFrame()
    /// True when the round is over.
    public private(set) var isFinished = false
    private var foreperiods: Foreperiods
    private var choiceGenerator: SeededGenerator
    private var current: TimedTrial?
    private var origin: Duration = .zero
    private var retriesLeft: Int
    private var betweenTrials = false

    /// A round of `parameters`, random from `seed`.
    public init(parameters: ReactionTimeParameters, practice: Bool, seed: UInt64) {
        self.parameters = parameters
        self.practice = practice
        foreperiods = Foreperiods(minimum: .seconds(parameters.minimumStimulusInterval),
                                  maximum: .seconds(parameters.maximumStimulusInterval), seed: seed)
        choiceGenerator = SeededGenerator(seed: seed ^ 0x5EED)
        retriesLeft = parameters.maximumRetries
    }

    /// Responses needed to finish.
    var needed: Int { practice ? parameters.practiceTrials : parameters.numberOfAttempts }
    /// Trials that ended in a response.
    var responses: Int { trials.filter { $0.outcome == .response }.count }

    /// Starts the round at `time`: the first foreperiod.
    public mutating func begin(at time: Duration) -> TimedEffect {
        origin = time
        return startTrial(at: time)
    }

    /// A key read at `time`: a response, an anticipation, or nothing for a key the task does not use.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard !isFinished, !betweenTrials, var trial = current, parameters.answerKeys.contains(key) else { return .none }
        guard let record = trial.keyRead(key, at: time) else { return .none }
        current = trial
        return ended(record, at: time)
    }

    /// The stimulus frame reached the terminal at `time`: the onset; the timeout runs from it.
    public mutating func framePresented(at time: Duration) -> TimedEffect {
        guard var trial = current, !trial.isOver, trial.onset == nil else { return .none }
        trial.stimulusPresented(at: time)
        current = trial
        return .wake(at: time + .seconds(parameters.timeout))
    }

    /// The wake-up came: the stimulus is due, the timeout has passed, or the pause between trials is over.
    public mutating func timerFired(at time: Duration) -> TimedEffect {
        guard !isFinished else { return .none }
        if betweenTrials { return next(at: time) }
        guard var trial = current, !trial.isOver else { return .none }
        if trial.onset == nil {
            guard time >= trial.stimulusDue else { return .wake(at: trial.stimulusDue) }
            frame = StimulusFrame(lines: [StimulusLine(trial.stimulus, ink: .strong)], status: status)
            return .showStimulus
        }
        guard let record = trial.timeElapsed(at: time) else { return .none }
        current = trial
        return ended(record, at: time)
    }

    /// After a pause: the trial under way is void and a new one starts.
    public mutating func resumed(at time: Duration) -> TimedEffect {
        guard !isFinished else { return .none }
        betweenTrials = false
        return startTrial(at: time)
    }

    /// Starts the next trial's foreperiod at `time`.
    private mutating func startTrial(at time: Duration) -> TimedEffect {
        let due = time + foreperiods.next()
        var stimulus = parameters.stimulus
        var keys: Set<String>?
        if !parameters.choices.isEmpty {
            let choice = parameters.choices[Int.random(in: 0..<parameters.choices.count, using: &choiceGenerator)]
            stimulus = choice.stimulus
            keys = [choice.key]
        }
        current = TimedTrial(index: trials.count + 1, stimulus: stimulus, correctKeys: keys, stimulusDue: due,
                             timeout: .seconds(parameters.timeout), origin: origin)
        frame = StimulusFrame(lines: [StimulusLine("+", ink: .dim)], status: status)
        return TimedEffect(wake: .at(due))
    }

    /// A trial ended with `record` at `time`: feedback, then the next trial or the end.
    private mutating func ended(_ record: Trial, at time: Duration) -> TimedEffect {
        trials.append(record)
        if record.outcome != .response { retriesLeft -= 1 }
        betweenTrials = true
        frame = StimulusFrame(text: [feedback(record)], ink: record.outcome == .response && record.correct != false ? .plain : .strong,
                              status: status)
        return TimedEffect(wake: .at(time + .seconds(parameters.interTrialInterval)))
    }

    /// After the pause between trials.
    private mutating func next(at time: Duration) -> TimedEffect {
        betweenTrials = false
        if responses >= needed || retriesLeft < 0 {
            isFinished = true
            current = nil
            frame = StimulusFrame(text: ["Done."])
            return TimedEffect(wake: .cancel)
        }
        return startTrial(at: time)
    }

    /// What the participant is told after a trial (the time only in practice).
    private func feedback(_ record: Trial) -> String {
        switch record.outcome {
        case .anticipation: return "Too soon: wait for the stimulus."
        case .timeout: return "Too slow."
        case .response where record.correct == false: return "Wrong key."
        case .response:
            guard practice, let rt = record.responseTimeMs else { return "" }
            return "\(Int(rt.rounded())) ms"
        }
    }

    /// "Practice · trial 2 of 3".
    private var status: String {
        let trial = "Trial \(min(responses + 1, needed)) of \(needed)"
        return practice ? "Practice · " + trial.lowercased() : trial
    }

    /// The summary values with their units.
    public var summary: [MeasurementResult.Value] {
        TrialStatistics(trials, correctOnly: !parameters.choices.isEmpty).values
    }

    /// One record per trial, in order.
    public var trialRecords: [JSONValue] { trials.map(\.json) }

    /// What the times measure.
    public var note: String? {
        "onset = the stimulus frame's terminal write returned; key time = when the program read the key; RT = key − onset"
    }
}
