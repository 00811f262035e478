import Foundation

/// Dates and times as the journey shows them, in the participant's time zone, in English
/// (fixed formats, so screens read the same everywhere and snapshots are stable).
struct DateText: Sendable {
    /// The time zone times are shown in.
    let timeZone: TimeZone
    private let calendar: Calendar

    /// Formatting in `timeZone`.
    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `08:05`.
    func time(_ date: Date) -> String {
        let c = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }

    /// `Sat 21 Nov`.
    func day(_ date: Date) -> String {
        let c = calendar.dateComponents([.weekday, .day, .month], from: date)
        return "\(Self.weekdays[(c.weekday ?? 1) - 1]) \(c.day ?? 1) \(Self.months[(c.month ?? 1) - 1])"
    }

    /// `Sat 21 Nov 08:05`.
    func dayAndTime(_ date: Date) -> String { day(date) + " " + time(date) }

    /// True when both dates fall on the same calendar day.
    func sameDay(_ a: Date, _ b: Date) -> Bool { calendar.isDate(a, inSameDayAs: b) }

    /// A short time: `08:05` today, else `Sat 21 Nov 08:05`.
    func relative(_ date: Date, now: Date) -> String {
        sameDay(date, now) ? time(date) : dayAndTime(date)
    }
}
