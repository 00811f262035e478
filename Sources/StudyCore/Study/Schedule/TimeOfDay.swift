import Foundation

/// A wall-clock time of day, `HH:mm`, in the participant's time zone.
public struct TimeOfDay: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// 0–23.
    public var hour: Int
    /// 0–59.
    public var minute: Int

    /// A time; out-of-range parts are a programming error.
    public init(hour: Int, minute: Int = 0) {
        precondition((0..<24).contains(hour) && (0..<60).contains(minute), "TimeOfDay \(hour):\(minute)")
        self.hour = hour
        self.minute = minute
    }

    /// Midnight, the start of a day.
    public static let midnight = TimeOfDay(hour: 0)

    /// Parses `H:mm` or `HH:mm`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Minutes since midnight.
    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// `HH:mm`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    /// Earlier times first.
    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
    }
}
