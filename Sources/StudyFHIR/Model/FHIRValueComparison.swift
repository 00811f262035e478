import Foundation
import StudyCore

/// Equality and ordering of FHIR values as enableWhen and validation need them.
public enum FHIRValueComparison {
    /// True when the values are equal: codings by system and code, numbers numerically, a string
    /// against a coding by its code (a common shortcut in real forms), dates and times as text.
    public static func equal(_ a: FHIRValue, _ b: FHIRValue) -> Bool {
        switch (a, b) {
        case (.coding(let x), .coding(let y)): return x.matches(y)
        case (.coding(let c), .string(let s)), (.string(let s), .coding(let c)): return c.code == s
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.quantity(let x), .quantity(let y)): return x.sameUnit(as: y) && x.value == y.value
        case (.reference(let x), .reference(let y)): return x["reference"] == y["reference"]
        case (.attachment(let x), .attachment(let y)): return x["url"] == y["url"]
        default: break
        }
        if let x = a.numericValue, let y = b.numericValue { return x == y }
        if let x = a.textValue, let y = b.textValue { return x == y }
        return false
    }

    /// The order of two values, or nil when they cannot be ordered (codings, booleans, mixed kinds,
    /// dates of different precision).
    public static func compare(_ a: FHIRValue, _ b: FHIRValue) -> ComparisonResult? {
        switch (a, b) {
        case (.quantity(let x), .quantity(let y)):
            guard x.sameUnit(as: y), let p = x.value, let q = y.value else { return nil }
            return order(p, q)
        case (.coding, _), (_, .coding), (.boolean, _), (_, .boolean), (.reference, _), (_, .reference):
            return nil
        default: break
        }
        if let x = a.numericValue, let y = b.numericValue { return order(x, y) }
        switch (a, b) {
        case (.string(let x), .string(let y)), (.uri(let x), .uri(let y)): return order(x, y)
        case (.date(let x), .date(let y)), (.date(let x), .dateTime(let y)), (.dateTime(let x), .date(let y)),
            (.dateTime(let x), .dateTime(let y)):
            return compareDates(x, y)
        case (.time(let x), .time(let y)): return order(FHIRDateTime.normalizedTime(x), FHIRDateTime.normalizedTime(y))
        default: return nil
        }
    }

    private static func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
        x < y ? .orderedAscending : (x > y ? .orderedDescending : .orderedSame)
    }

    /// Dates compare as text at the same precision; a dateTime with a zone compares as an instant.
    private static func compareDates(_ x: String, _ y: String) -> ComparisonResult? {
        if x.utf8.count == y.utf8.count, x.utf8.count <= 10 { return order(x, y) }
        if x.utf8.count <= 10 || y.utf8.count <= 10 {
            let n = min(x.utf8.count, y.utf8.count, 10)
            let px = String(x.prefix(n)), py = String(y.prefix(n))
            return px == py ? nil : order(px, py)
        }
        if let dx = instant(x), let dy = instant(y) { return order(dx, dy) }
        return order(x, y)
    }

    private static func instant(_ s: String) -> Date? {
        guard ResultDate.mayParse(s) else { return nil }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        if let d = f.date(from: FHIRDateTime.normalizedDateTime(s, timeZone: TimeZone(identifier: "UTC")!)) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: s)
    }
}
