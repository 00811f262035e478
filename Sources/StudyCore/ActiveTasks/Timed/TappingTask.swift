/// Two-key tapping, one hand at a time: a screen names the hand, the hand's time starts at its
/// first tap, and every press is kept with the time it was read. Taps alternate keys
/// (``TappingCount``); the result counts them and holds the inter-tap intervals per hand.
public struct TappingTask: TimedTaskLogic {
    /// One hand's taps.
    public struct HandRound: Sendable, Equatable {
        /// Which hand.
        public var hand: TappingParameters.Hands
        /// Its presses (times from its first tap).
        public var count = TappingCount()
        /// When its first tap was read; nil before.
        public var startedAt: Duration?
        /// False for a later hand until Enter says the participant has changed hands (taps of the
        /// hand before must not start it).
        public var ready: Bool
    }

    /// The parameters.
    public let parameters: TappingParameters
    /// True for the practice round.
    public let practice: Bool
    /// The hands in order (practice: the first one only).
    public let order: [TappingParameters.Hands]
    /// The hands done and the one tapping now.
    public private(set) var rounds: [HandRound] = []
    /// True when the round is over.
    public private(set) var isFinished = false
    private var origin: Duration = .zero

    /// A round of `parameters`; the hand order comes from `seed`.
    public init(parameters: TappingParameters, practice: Bool, seed: UInt64) {
        self.parameters = parameters
        self.practice = practice
        var generator = SeededGenerator(seed: seed)
        let order = HandOrder.order(parameters.hands, using: &generator)
        self.order = practice ? Array(order.prefix(1)) : order
    }

    /// Seconds each hand taps.
    var duration: Double { practice ? parameters.practiceDuration : parameters.duration }

    /// Starts the round at `time` with the first hand (its time starts at its first tap).
    public mutating func begin(at time: Duration) -> TimedEffect {
        origin = time
        rounds = [HandRound(hand: order[0], ready: true)]
        return .none
    }

    /// A key read at `time`: a press of either key, Enter before a later hand, or nothing.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard !isFinished, var round = rounds.last else { return .none }
        if !round.ready {
            guard key == TimedKey.enter else { return .none }
            rounds[rounds.count - 1].ready = true
            return TimedEffect(flushInput: true)
        }
        let button: String
        switch key {
        case parameters.leftKey: button = "left"
        case parameters.rightKey: button = "right"
        default: return .none
        }
        var effect = TimedEffect.none
        if round.startedAt == nil {
            round.startedAt = time
            effect = .wake(at: time + .seconds(1))
        }
        round.count.press(button, at: time - origin)
        rounds[rounds.count - 1] = round
        return effect
    }

    /// Tapping shows no timed stimulus.
    public mutating func framePresented(at time: Duration) -> TimedEffect { .none }

    /// The wake-up came: a second passed, or the hand's time is up (the next hand, or the end).
    public mutating func timerFired(at time: Duration) -> TimedEffect {
        guard !isFinished, let round = rounds.last, let start = round.startedAt else { return .none }
        let end = start + .seconds(duration)
        guard time >= end else { return .wake(at: min(end, time + .seconds(1))) }
        if rounds.count < order.count {
            rounds.append(HandRound(hand: order[rounds.count], ready: false))
            return TimedEffect(flushInput: true, wake: .cancel)
        }
        isFinished = true
        return TimedEffect(wake: .cancel)
    }

    /// After a pause: the hand under way starts again.
    public mutating func resumed(at time: Duration) -> TimedEffect {
        guard !isFinished, !rounds.isEmpty else { return .none }
        rounds[rounds.count - 1] = HandRound(hand: rounds[rounds.count - 1].hand, ready: true)
        return TimedEffect(flushInput: true, wake: .cancel)
    }

    /// The hand to use, then the taps so far.
    public var frame: StimulusFrame {
        guard let round = rounds.last else { return StimulusFrame() }
        let keys = "\(TimedKey.label(parameters.leftKey))  and  \(TimedKey.label(parameters.rightKey))"
        let status = (practice ? "Practice · " : "") + "\(round.hand.rawValue.capitalized) hand"
        if isFinished { return StimulusFrame(text: ["Done."], status: status) }
        guard round.ready else {
            return StimulusFrame(lines: [StimulusLine("Now use your \(round.hand.rawValue.uppercased()) hand", ink: .strong),
                                         StimulusLine(keys), StimulusLine("Press Enter when it is in place.", ink: .dim)],
                                 status: status)
        }
        guard round.startedAt != nil else {
            return StimulusFrame(lines: [StimulusLine("Use your \(round.hand.rawValue.uppercased()) hand", ink: .strong),
                                         StimulusLine(keys), StimulusLine("The time starts at your first tap.", ink: .dim)],
                                 status: status)
        }
        return StimulusFrame(lines: [StimulusLine("Taps: \(round.count.taps)", ink: .strong), StimulusLine(keys, ink: .dim)],
                             status: status)
    }

    /// Per hand: taps, same-key presses, mean and median interval, the intervals; and the duration.
    public var summary: [MeasurementResult.Value] {
        var out: [MeasurementResult.Value] = []
        for round in rounds {
            let hand = round.hand.rawValue
            let intervals = round.count.interTapIntervalsMs
            out.append(.init(identifier: "\(hand)Taps", value: .int(round.count.taps), unit: "{count}"))
            out.append(.init(identifier: "\(hand)SameKeyPresses", value: .int(round.count.samePresses), unit: "{count}"))
            out.append(.init(identifier: "\(hand)MeanIntervalMs", value: TrialStatistics.mean(intervals).map(Self.ms) ?? .null, unit: "ms"))
            out.append(.init(identifier: "\(hand)MedianIntervalMs", value: TrialStatistics.median(intervals).map(Self.ms) ?? .null, unit: "ms"))
            out.append(.init(identifier: "\(hand)InterTapIntervalsMs", value: .array(intervals.map(Self.ms))))
        }
        out.append(.init(identifier: "durationS", value: .double(duration), unit: "s"))
        return out
    }

    /// One record per press, with its hand, button, key, time and whether it counted.
    public var trialRecords: [JSONValue] {
        rounds.flatMap { round in
            round.count.presses.enumerated().map { i, press -> JSONValue in
                ["index": .int(i + 1), "hand": .string(round.hand.rawValue), "button": .string(press.button),
                 "key": .string(TimedKey.label(press.button == "left" ? parameters.leftKey : parameters.rightKey)),
                 "keyMs": Self.ms(press.timeMs), "counted": .bool(press.counted)]
            }
        }
    }

    /// What the times measure.
    public var note: String? {
        "key time = when the program read the key; a terminal has no key-up, so hold durations are not measured"
    }

    private static func ms(_ value: Double) -> JSONValue { .double((value * 1_000).rounded() / 1_000) }
}
