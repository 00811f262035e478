/// Two-key finger tapping scored from the keys as they were read: a tap counts when it alternates
/// (left after right, right after left; the first press of either counts); a press of the same key
/// again is kept apart, as is a key-repeat burst (the same key again sooner than a finger can
/// press it, which is the terminal repeating a held key: a terminal has no key-up events).
public struct TappingCount: Sendable, Equatable, Codable {
    /// One press of either key.
    public struct Press: Sendable, Equatable, Codable {
        /// Which key: "left" or "right".
        public var button: String
        /// Milliseconds from the step's start.
        public var timeMs: Double
        /// Whether it counted as a tap.
        public var counted: Bool
    }

    /// Same-key presses closer together than this are a held key repeating.
    public static let repeatThreshold: Duration = .milliseconds(60)
    /// How many repeated presses in a row make a key-repeat burst.
    public static let burstLength = 3

    /// Every press, in order.
    public private(set) var presses: [Press] = []
    /// Presses of the same key again.
    public private(set) var samePresses = 0
    /// The longest run of repeated presses seen (a burst when ≥ ``burstLength``).
    public private(set) var longestRepeatRun = 0
    private var repeatRun = 0
    private var lastButton: String?
    private var lastTime: Duration?

    /// Nothing pressed yet.
    public init() {}

    /// Records a press of `button` ("left" or "right") read at `time` (from the step's start).
    public mutating func press(_ button: String, at time: Duration) {
        let same = button == lastButton
        if same, let lastTime, time - lastTime < Self.repeatThreshold {
            repeatRun += 1
            longestRepeatRun = max(longestRepeatRun, repeatRun)
        } else {
            repeatRun = 0
        }
        if same { samePresses += 1 }
        presses.append(Press(button: button, timeMs: time.milliseconds, counted: !same))
        lastButton = button
        lastTime = time
    }

    /// Whether a held key's repeat was seen (the step then refuses to count the run).
    public var keyRepeatDetected: Bool { longestRepeatRun >= Self.burstLength }

    /// Taps counted.
    public var taps: Int { presses.filter(\.counted).count }

    /// Milliseconds between counted taps, in order.
    public var interTapIntervalsMs: [Double] {
        let times = presses.filter(\.counted).map(\.timeMs)
        return zip(times, times.dropFirst()).map { $1 - $0 }
    }
}
