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

    /// Parses a string that must match the format exactly (round trip).
    public func date(from string: String) -> Date? {
        let f = formatter()
        guard let d = f.date(from: string) else { return nil }
        return f.string(from: d) == string ? d : nil
    }

    /// Formats a date.
    public func string(from date: Date) -> String { formatter().string(from: date) }
}
