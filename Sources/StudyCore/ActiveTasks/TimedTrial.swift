/// One reaction trial as it happens: a foreperiod, a stimulus, a key. Pure: it is told when the
/// stimulus reached the terminal and when each key was read (the loop's monotonic clock), and
/// says how the trial ended. A key before the stimulus is an anticipation and a trial with no key
/// by the timeout is a timeout; both end the trial and are recorded as such.
public struct TimedTrial: Sendable, Equatable {
    /// The trial's number, from 1.
    public let index: Int
    /// What is shown.
    public let stimulus: String
    /// The keys that are right (nil: any key is a response, as in simple reaction time).
    public let correctKeys: Set<String>?
    /// When the stimulus is due (the step start plus the foreperiod).
    public let stimulusDue: Duration
    /// How long after the onset a key still counts.
    public let timeout: Duration
    /// The step's start, the origin of the trial log's times.
    public let origin: Duration
    /// When the stimulus reached the terminal, once it did.
    public private(set) var onset: Duration?
    /// The record, once the trial has ended.
    public private(set) var record: Trial?

    /// A trial whose stimulus is due at `stimulusDue`.
    public init(index: Int, stimulus: String, correctKeys: Set<String>?, stimulusDue: Duration, timeout: Duration,
                origin: Duration) {
        self.index = index
        self.stimulus = stimulus
        self.correctKeys = correctKeys
        self.stimulusDue = stimulusDue
        self.timeout = timeout
        self.origin = origin
    }

    /// Whether the trial has ended.
    public var isOver: Bool { record != nil }

    /// The stimulus frame's write returned at `time`.
    public mutating func stimulusPresented(at time: Duration) {
        guard record == nil, onset == nil else { return }
        onset = time
    }

    /// A key was read at `time`; returns the record when it ended the trial.
    @discardableResult
    public mutating func keyRead(_ key: String, at time: Duration) -> Trial? {
        guard record == nil else { return nil }
        guard let onset else {
            record = Trial(index: index, stimulus: stimulus, onsetMs: nil, key: key, keyMs: ms(time),
                           correct: correctKeys == nil ? nil : false, outcome: .anticipation)
            return record
        }
        if time - onset > timeout { return timeElapsed(at: time) }
        let correct = correctKeys.map { $0.contains(key) }
        record = Trial(index: index, stimulus: stimulus, onsetMs: ms(onset), key: key, keyMs: ms(time),
                       correct: correct, outcome: .response)
        return record
    }

    /// The time is `time`; returns the record when the timeout has passed with no key.
    @discardableResult
    public mutating func timeElapsed(at time: Duration) -> Trial? {
        guard record == nil, let onset, time - onset >= timeout else { return nil }
        record = Trial(index: index, stimulus: stimulus, onsetMs: ms(onset), key: nil, keyMs: nil,
                       correct: correctKeys == nil ? nil : false, outcome: .timeout)
        return record
    }

    /// Milliseconds from the step's start.
    private func ms(_ time: Duration) -> Double { (time - origin).milliseconds }
}
