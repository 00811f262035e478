import Foundation

/// Result timestamps: ISO 8601 with milliseconds and the local offset,
/// e.g. `2017-10-16T22:28:09.000-07:00`. Hand-rolled because results hold many dates.
public enum ResultDate {
    /// Formats a date in the given time zone (the current one by default), cut to the millisecond.
    /// A date read back from this text is a Double a hair below its millisecond (…123 reads as
    /// …122.9999): within a microsecond below a millisecond counts as it, so the text of a date
    /// read from text is that text again, in the app's export and the server's alike.
    public static func string(from date: Date, timeZone: TimeZone = .current) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down)) + Int64(offset) * 1000
        var days = totalMillis >= 0 ? totalMillis / 86_400_000 : (totalMillis - 86_399_999) / 86_400_000
        let msOfDay = totalMillis - days * 86_400_000
        // Civil-from-days (Howard Hinnant), valid for the proleptic Gregorian calendar.
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let h = msOfDay / 3_600_000, m = (msOfDay / 60000) % 60, s = (msOfDay / 1000) % 60, ms = msOfDay % 1000
        var out = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        out += pad(h, 2) + ":" + pad(m, 2) + ":" + pad(s, 2) + "." + pad(ms, 3)
        if offset == 0 { return out + "+00:00" }
        let sign = offset < 0 ? "-" : "+"
        let a = abs(offset)
        return out + sign + pad(Int64(a / 3600), 2) + ":" + pad(Int64((a % 3600) / 60), 2)
    }

    private static func pad(_ v: Int64, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// Whether Foundation's date formatters may be given `string`. Every date format StudyTerm
    /// reads is ASCII, and Foundation's DateFormatter traps (an "Incorrect range" fatal error) on
    /// some strings with combining or replacement characters, so anything else is simply not a
    /// date: a damaged snapshot or a typed answer must never end the process. Found by
    /// Tests/fuzz (the snapshot target).
    /// ICU's date parser also divides by zero (SIGFPE) on a zone offset with three hour digits
    /// (`…+200:00`), so a sign after the date part must be followed by `hh`, `hhmm` or `hh:mm` and
    /// nothing else. Found by Tests/fuzz (the snapshot target, again).
    public static func mayParse(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count <= 64, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return false }
        guard let sign = bytes.lastIndex(where: { $0 == 0x2B || $0 == 0x2D }), sign >= 10 else { return true }
        let offset = bytes[(sign + 1)...]
        let digits = offset.filter { $0 != 0x3A }
        let colonAt = offset.firstIndex(of: 0x3A)
        return digits.allSatisfy { (0x30...0x39).contains($0) } && (digits.count == 2 || digits.count == 4)
            && offset.filter({ $0 == 0x3A }).count <= 1 && (colonAt == nil || colonAt == sign + 3)
            && !(digits.count == 2 && colonAt != nil)
    }

    /// Parses the result format and the other ISO 8601 forms SageResearch accepts.
    public static func date(from string: String) -> Date? {
        guard mayParse(string) else { return nil }
        if let date = internetDate(string) { return date }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: string) { return d }
        f.formatOptions = [.withInternetDateTime]
        if let d = f.date(from: string) { return d }
        let alt = DateFormatter()
        alt.locale = Locale(identifier: "en_US_POSIX")
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd"] {
            alt.dateFormat = format
            if let d = alt.date(from: string) { return d }
        }
        return nil
    }
}
