import Foundation

/// Converts between dates and answer strings in a task's coding format (e.g. `yyyy-MM-dd`, `HH:mm`).
public struct DateCoding: Sendable {
    /// The date format pattern.
    public let format: String
    private let timeZone: TimeZone

    public init(format: String, timeZone: TimeZone = .current) {
        self.format = format
        self.timeZone = timeZone
    }

    private func formatter() -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.calendar = Calendar(identifier: .gregorian)
        f.timeZone = timeZone
        f.dateFormat = format
        f.isLenient = false
        return f
    }

    /// Parses a string that must match the format exactly (round trip). A time zone offset in the
    /// string (`Z`, `+01:00`) is kept: the round trip is made in that zone, not the local one.
    public func date(from string: String) -> Date? {
        guard ResultDate.mayParse(string) else { return nil }
        let f = formatter()
        guard let d = f.date(from: string) else { return nil }
        if f.string(from: d) == string { return d }
        guard let offset = Self.offset(of: string), let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        f.timeZone = zone
        return f.string(from: d) == string ? d : nil
    }

    /// The seconds east of GMT of a trailing `Z` or `±hh:mm` (nil when there is none).
    static func offset(of s: String) -> Int? {
        if s.hasSuffix("Z") { return 0 }
        let tail = s.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-", tail.dropFirst(3).first == ":",
            let h = Int(tail.dropFirst().prefix(2)), let m = Int(tail.suffix(2))
        else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }

    /// Formats a date.
    public func string(from date: Date) -> String { formatter().string(from: date) }
}
