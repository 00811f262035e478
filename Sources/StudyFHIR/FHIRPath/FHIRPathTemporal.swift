import Foundation

/// A FHIRPath Date, DateTime or Time with its precision, read from literal or JSON text
/// (`2015-02`, `2015-02-04T14:34:28.123+10:00`, `T14:34`, `14:34:28`).
struct FHIRPathTemporal: Equatable {
    /// Which of the three types.
    enum Kind { case date, dateTime, time }

    var kind: Kind
    /// Year, month, day, hour, minute, second, as far as the precision goes (times start at hour).
    var parts: [Int]
    /// Milliseconds, when seconds are given (seconds and milliseconds are one precision).
    var millis: Int?
    /// Seconds east of UTC, when a zone is given.
    var offset: Int?
    /// How many millisecond digits the text had (kept when the value is written again).
    var fractionDigits = 0

    /// Reads a temporal; `kind` nil guesses from the text (a time starts with `T` or has no `-`).
    init?(_ raw: String, asTime: Bool = false) {
        var s = raw
        if s.hasPrefix("@") { s.removeFirst() }
        let kind: Kind
        if s.hasPrefix("T") { s.removeFirst(); kind = .time } else if asTime { kind = .time } else { kind = s.contains("T") ? .dateTime : .date }
        self.kind = kind
        var millis: Int?, fractionDigits = 0
        if kind == .dateTime, s.hasSuffix("T") { s.removeLast() }
        var zone: Int?
        if kind != .time {
            if s.hasSuffix("Z") { zone = 0; s.removeLast() } else if let r = s.range(of: #"[+-]\d{2}:\d{2}$"#, options: .regularExpression),
                s[..<r.lowerBound].contains("T")
            {
                let z = s[r]
                let sign = z.first == "-" ? -1 : 1
                zone = sign * ((Int(z.dropFirst().prefix(2)) ?? 0) * 3600 + (Int(z.suffix(2)) ?? 0) * 60)
                s = String(s[..<r.lowerBound])
            }
        }
        var parts: [Int] = []
        let (datePart, timePart): (Substring, Substring?) = {
            if kind == .time { return ("", Substring(s)) }
            let halves = s.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
            return (halves[0], halves.count > 1 ? halves[1] : nil)
        }()
        if kind != .time {
            let d = datePart.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...3).contains(d.count), d[0].count == 4 else { return nil }
            for (i, p) in d.enumerated() {
                guard p.count == (i == 0 ? 4 : 2), let n = Int(p) else { return nil }
                parts.append(n)
            }
            if kind == .date, timePart != nil { return nil }
        }
        if let t = timePart, !t.isEmpty {
            let hms = t.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...3).contains(hms.count) else { return nil }
            for (i, p) in hms.enumerated() {
                if i == 2 {
                    let sec = p.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
                    guard sec[0].count == 2, let n = Int(sec[0]) else { return nil }
                    parts.append(n)
                    if sec.count > 1 {
                        guard !sec[1].isEmpty, sec[1].allSatisfy(\.isNumber) else { return nil }
                        fractionDigits = sec[1].count
                        millis = Int((Double("0." + sec[1]) ?? 0) * 1000 + 0.5)
                    }
                } else {
                    guard p.count == 2, let n = Int(p) else { return nil }
                    parts.append(n)
                }
            }
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
        self.millis = millis
        self.offset = zone
        self.fractionDigits = fractionDigits
    }

    /// The number of precision levels (year = 1 … second = 6; for times hour = 1 … second = 3).
    var precision: Int { parts.count }

    /// Components in UTC when a zone is given and the value reaches hours (dates and times as they are).
    private func normalized() -> [Int] {
        guard kind == .dateTime, let offset, parts.count >= 4 else { return parts }
        var c = DateComponents()
        c.year = parts[0]; c.month = parts.count > 1 ? parts[1] : 1; c.day = parts.count > 2 ? parts[2] : 1
        c.hour = parts[3]; c.minute = parts.count > 4 ? parts[4] : 0; c.second = parts.count > 5 ? parts[5] : 0
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(secondsFromGMT: offset)!
        guard let date = cal.date(from: c) else { return parts }
        cal.timeZone = TimeZone(identifier: "UTC")!
        let u = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return Array([u.year!, u.month!, u.day!, u.hour!, u.minute!, u.second!].prefix(parts.count))
    }

    /// The order of two temporals, or nil when it is not known (different precision with equal common
    /// parts, a zone on one side only, a Time against a Date).
    static func compare(_ a: FHIRPathTemporal, _ b: FHIRPathTemporal) -> ComparisonResult? {
        if (a.kind == .time) != (b.kind == .time) { return nil }
        let zoned = a.precision >= 4 && b.precision >= 4 && a.kind == .dateTime && b.kind == .dateTime
        if zoned, (a.offset == nil) != (b.offset == nil) { return nil }
        let x = zoned ? a.normalized() : a.parts, y = zoned ? b.normalized() : b.parts
        for (p, q) in zip(x, y) where p != q { return p < q ? .orderedAscending : .orderedDescending }
        if x.count != y.count { return nil }
        let (m, n) = (a.millis ?? 0, b.millis ?? 0)
        if m != n { return m < n ? .orderedAscending : .orderedDescending }
        return .orderedSame
    }

    /// The temporal moved by a calendar duration (`unit` a FHIRPath calendar word or a UCUM code);
    /// nil when the unit is not a duration of time or does not fit the type (months on a time).
    func adding(_ amount: Double, unit: String) -> FHIRPathTemporal? {
        let units: [String: (Calendar.Component, Double)] = [
            "year": (.year, 1), "years": (.year, 1), "month": (.month, 1), "months": (.month, 1),
            "week": (.day, 7), "weeks": (.day, 7), "day": (.day, 1), "days": (.day, 1),
            "hour": (.hour, 1), "hours": (.hour, 1), "minute": (.minute, 1), "minutes": (.minute, 1),
            "second": (.second, 1), "seconds": (.second, 1), "millisecond": (.nanosecond, 1_000_000), "milliseconds": (.nanosecond, 1_000_000),
            "wk": (.day, 7), "d": (.day, 1), "h": (.hour, 1), "min": (.minute, 1), "s": (.second, 1), "ms": (.nanosecond, 1_000_000),
        ]
        guard let (component, scale) = units[unit] else { return nil }
        if kind == .time, component == .year || component == .month || component == .day { return nil }
        // An amount that moves the date beyond 30,000 years (or milliseconds past an Int) has no
        // date FHIR can write: the empty result, never a trap.
        let secondsPer: [Calendar.Component: Double] = [.year: 31_556_952, .month: 2_629_746, .day: 86_400, .hour: 3_600,
                                                         .minute: 60, .second: 1, .nanosecond: 1e-9]
        guard amount.isFinite, (amount * scale * (secondsPer[component] ?? 1)).magnitude < 1e12,
              component != .nanosecond || amount.magnitude < 1e12 else { return nil }
        // Whole units only, except seconds, which keep their milliseconds.
        var value = Int((amount * scale).rounded(.towardZero))
        var comp = component
        if component == .nanosecond { value = Int(amount.rounded(.towardZero)) * 1_000_000; comp = .nanosecond }
        var c = DateComponents()
        c.year = kind == .time ? 2000 : parts[0]
        c.month = kind == .time ? 1 : (parts.count > 1 ? parts[1] : 1)
        c.day = kind == .time ? 1 : (parts.count > 2 ? parts[2] : 1)
        let t = kind == .time ? parts : Array(parts.dropFirst(3))
        c.hour = t.count > 0 ? t[0] : 0; c.minute = t.count > 1 ? t[1] : 0; c.second = t.count > 2 ? t[2] : 0
        c.nanosecond = (millis ?? 0) * 1_000_000
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(secondsFromGMT: offset ?? 0)!
        guard let start = cal.date(from: c), let moved = cal.date(byAdding: comp, value: value, to: start) else { return nil }
        let u = cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: moved)
        var out = self
        let all = [u.year!, u.month!, u.day!, u.hour!, u.minute!, u.second!]
        out.parts = kind == .time ? Array(all[3...].prefix(parts.count)) : Array(all.prefix(parts.count))
        if millis != nil { out.millis = Int((Double(u.nanosecond ?? 0) / 1_000_000).rounded()) }
        return out
    }

    /// The text form, in the precision and zone it had (without `@`; times with `T`).
    var text: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var s = ""
        var t = parts
        if kind != .time {
            s = String(format: "%04d", parts[0])
            if parts.count > 1 { s += "-" + two(parts[1]) }
            if parts.count > 2 { s += "-" + two(parts[2]) }
            t = Array(parts.dropFirst(3))
            if !t.isEmpty || kind == .dateTime { s += "T" }
        } else { s = "T" }
        s += t.map(two).joined(separator: ":")
        if let millis, t.count == 3 {
            let digits = max(fractionDigits, 3)
            s += "." + String(format: "%03d", millis) + String(repeating: "0", count: digits - 3)
        }
        if kind == .dateTime, t.count > 0, let offset {
            if offset == 0 && parts.count > 0 { s += offset == 0 ? "Z" : "" } else {
                let a = abs(offset)
                s += (offset < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a % 3600 / 60)
            }
        }
        return s
    }
}
