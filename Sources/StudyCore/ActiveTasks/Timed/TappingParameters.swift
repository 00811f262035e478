/// The parameters of two-key tapping: ResearchKit's two-finger tapping `duration` (seconds, at
/// least 5; here 10 to 20 s, default 20) and `handOptions` (`left`, `right` or `both`, default
/// both), plus the two keys (default F and J) and the practice round's length.
public struct TappingParameters: Sendable, Equatable {
    /// Which hands tap, as ResearchKit's `handOptions` and MotorControl's hand selection say.
    public enum Hands: String, Sendable, Equatable, CaseIterable {
        /// The left hand only.
        case left
        /// The right hand only.
        case right
        /// Both, one after the other.
        case both
    }

    /// Seconds of tapping per hand.
    public var duration: Double = 20
    /// The hands to test.
    public var hands: Hands = .both
    /// The key of the left button.
    public var leftKey: String = "f"
    /// The key of the right button.
    public var rightKey: String = "j"
    /// Seconds of the practice round (the first hand only).
    public var practiceDuration: Double = 5

    /// The defaults.
    public init() {}

    /// The shortest duration accepted, and the range the task is meant for.
    public static let durationRange: ClosedRange<Double> = 10...20

    /// The instructions about the keys.
    public var keyInstructions: String {
        "Put two fingers of one hand on \(TimedKey.label(leftKey)) and \(TimedKey.label(rightKey)) and tap them in turn, "
            + "as fast and as evenly as you can, for \(Self.seconds(duration)) s. One hand at a time; the screen says which."
    }

    /// A number of seconds as written ("20", "12.5").
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The order the hands tap in, chosen as ResearchKit's tapping task and MotorControl's hand
/// selection choose it: one hand alone when only one is tested; both in a random order (from the
/// run's seed, so that it is stored and replayable) when both are.
public enum HandOrder {
    /// The hands in the order they tap.
    public static func order(_ hands: TappingParameters.Hands, using generator: inout SeededGenerator) -> [TappingParameters.Hands] {
        switch hands {
        case .left: return [.left]
        case .right: return [.right]
        case .both: return Bool.random(using: &generator) ? [.right, .left] : [.left, .right]
        }
    }
}
