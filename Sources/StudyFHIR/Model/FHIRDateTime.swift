import Foundation

/// Checks and normalises FHIR date, dateTime and time strings without regular expressions.
public enum FHIRDateTime {
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` with plausible month and day.
    public static func isDate(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard [4, 7, 10].contains(u.count), digits(u, 0, 4) else { return false }
        if u.count >= 7 {
            guard u[4] == minus, digits(u, 5, 2), (1...12).contains(number(u, 5, 2)) else { return false }
        }
        if u.count == 10 {
            guard u[7] == minus, digits(u, 8, 2), (1...31).contains(number(u, 8, 2)) else { return false }
        }
        return true
    }

    /// `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fff` (reading is lenient about seconds).
    public static func isTime(_ s: String) -> Bool { timeLength(Array(s.utf8), 0) == s.utf8.count }

    /// A date, or a date with `Thh:mm[:ss[.fff]]` and an optional `Z`/`±hh:mm` zone (lenient reading).
    public static func isDateTime(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let t = u.firstIndex(of: UInt8(ascii: "T")) else { return isDate(s) }
        guard t == 10, isDate(String(decoding: u[0..<10], as: UTF8.self)), let n = timeLength(u, 11) else { return false }
        return zoneIsValid(u, 11 + n)
    }

    /// True for a dateTime as R4 requires it: seconds and a zone whenever a time is given.
    public static func isStrictDateTime(_ s: String) -> Bool {
        guard isDateTime(s) else { return false }
        let u = Array(s.utf8)
        guard u.count > 10 else { return true }
        return u.count >= 20 && u[16] == colon && (u.last == UInt8(ascii: "Z") || u[u.count - 3] == colon)
    }

    /// True for `hh:mm:ss[.fff]` as R4 requires it.
    public static func isStrictTime(_ s: String) -> Bool { isTime(s) && s.utf8.count >= 8 }

    /// Adds missing seconds and the local zone to a dateTime with a time; other values are kept.
    public static func normalizedDateTime(_ s: String, timeZone: TimeZone = .current) -> String {
        guard isDateTime(s), s.utf8.count > 10 else { return s }
        var u = Array(s.utf8)
        var zoneStart = 11 + (timeLength(u, 11) ?? 5)
        if zoneStart == 16 { u.insert(contentsOf: Array(":00".utf8), at: 16); zoneStart = 19 }
        if zoneStart < u.count { return String(decoding: u, as: UTF8.self) }
        let local = String(decoding: u, as: UTF8.self)
        return local + offsetText(for: local, timeZone: timeZone)
    }

    /// Adds missing seconds to a time (`10:30` → `10:30:00`).
    public static func normalizedTime(_ s: String) -> String {
        s.utf8.count == 5 && isTime(s) ? s + ":00" : s
    }

    private static let minus = UInt8(ascii: "-"), colon = UInt8(ascii: ":")

    private static func digits(_ u: [UInt8], _ start: Int, _ count: Int) -> Bool {
        guard start + count <= u.count else { return false }
        return u[start..<start + count].allSatisfy { (48...57).contains($0) }
    }

    private static func number(_ u: [UInt8], _ start: Int, _ count: Int) -> Int {
        u[start..<start + count].reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// The length of a time starting at `start`, or nil when there is none.
    private static func timeLength(_ u: [UInt8], _ start: Int) -> Int? {
        guard digits(u, start, 2), start + 4 < u.count, u[start + 2] == colon, digits(u, start + 3, 2),
            number(u, start, 2) < 24, number(u, start + 3, 2) < 60
        else { return nil }
        var n = 5
        if start + n < u.count, u[start + n] == colon {
            guard digits(u, start + n + 1, 2), number(u, start + n + 1, 2) <= 60 else { return nil }
            n += 3
            if start + n < u.count, u[start + n] == UInt8(ascii: ".") {
                var k = n + 1
                while start + k < u.count, (48...57).contains(u[start + k]) { k += 1 }
                guard k > n + 1 else { return nil }
                n = k
            }
        }
        return n
    }

    private static func zoneIsValid(_ u: [UInt8], _ i: Int) -> Bool {
        if i == u.count { return true }
        if u[i] == UInt8(ascii: "Z") { return i + 1 == u.count }
        guard u[i] == UInt8(ascii: "+") || u[i] == minus, i + 6 == u.count, digits(u, i + 1, 2), u[i + 3] == colon,
            digits(u, i + 4, 2)
        else { return false }
        return true
    }

    private static func offsetText(for local: String, timeZone: TimeZone) -> String {
        let u = Array(local.utf8)
        var c = DateComponents()
        c.year = number(u, 0, 4); c.month = number(u, 5, 2); c.day = number(u, 8, 2)
        c.hour = number(u, 11, 2); c.minute = number(u, 14, 2)
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        let offset = cal.date(from: c).map { timeZone.secondsFromGMT(for: $0) } ?? timeZone.secondsFromGMT()
        let a = abs(offset)
        let hh = a / 3600, mm = (a % 3600) / 60
        return (offset < 0 ? "-" : "+") + (hh < 10 ? "0" : "") + String(hh) + ":" + (mm < 10 ? "0" : "") + String(mm)
    }
}
