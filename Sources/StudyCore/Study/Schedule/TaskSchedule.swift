import Foundation

/// When a study task is due, relative to the enrollment day (day 1) in the participant's time zone.
public enum TaskSchedule: Sendable, Equatable {
    /// One window; without an end it stays open until the task is done.
    case once(OnceSchedule)
    /// A window every day from `fromDay` to `toDay`.
    case daily(RepeatingSchedule)
    /// A window every seventh day from `fromDay` to `toDay`.
    case weekly(RepeatingSchedule)

    /// Days between windows (nil for a single window).
    public var intervalDays: Int? {
        switch self {
        case .once: nil
        case .daily: 1
        case .weekly: 7
        }
    }

    /// A short phrase for the participant: "once, any time", "daily 08:00–12:00", "weekly 18:00–22:00".
    public var summary: String {
        switch self {
        case .once(let once):
            guard let hours = once.hours else {
                return once.day == 1 && once.time == .midnight ? "once, any time" : "once, from day \(once.day) at \(once.time)"
            }
            return "once on day \(once.day), \(Self.span(once.time, hours))"
        case .daily(let r): return "daily " + Self.span(r.time, r.hours)
        case .weekly(let r): return "weekly " + Self.span(r.time, r.hours)
        }
    }

    /// `08:00–12:00`, or `all day` for a whole day from midnight.
    static func span(_ start: TimeOfDay, _ hours: Double) -> String {
        if start == .midnight, hours == 24 { return "all day" }
        let end = (start.minutesSinceMidnight + Int((hours * 60).rounded())) % (24 * 60)
        return "\(start)–\(TimeOfDay(hour: end / 60, minute: end % 60))"
    }
}

/// A single window: from `time` on study day `day`, for `hours` (nil: until done).
public struct OnceSchedule: Sendable, Equatable {
    /// The study day the window opens (1 is the enrollment day).
    public var day: Int
    /// When it opens that day.
    public var time: TimeOfDay
    /// How long it stays open; nil keeps it open until the task is done.
    public var hours: Double?

    /// A once schedule; the defaults make the task available from enrollment until done.
    public init(day: Int = 1, time: TimeOfDay = .midnight, hours: Double? = nil) {
        self.day = day
        self.time = time
        self.hours = hours
    }
}

/// Repeating windows: from `time` for `hours`, on study days `fromDay` through `toDay`.
public struct RepeatingSchedule: Sendable, Equatable {
    /// When each window opens.
    public var time: TimeOfDay
    /// How long each window stays open.
    public var hours: Double
    /// The first study day with a window (1 is the enrollment day).
    public var fromDay: Int
    /// The last study day a window may open; nil repeats for as long as the participant is enrolled.
    public var toDay: Int?

    /// A repeating schedule.
    public init(time: TimeOfDay, hours: Double, fromDay: Int = 1, toDay: Int? = nil) {
        self.time = time
        self.hours = hours
        self.fromDay = fromDay
        self.toDay = toDay
    }
}
