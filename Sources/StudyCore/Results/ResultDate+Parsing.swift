import Foundation

extension ResultDate {
    /// Reads the internet date-time form results are written in (`2017-10-16T22:28:09.000-07:00`,
    /// `…Z`, with or without a fraction, whose first three digits count, as the formatter reads
    /// milliseconds) without a formatter: Foundation builds an ICU formatter for each
    /// `ISO8601DateFormatter`, which made reading a batch of results cost milliseconds per date.
    /// Nil for anything else (the caller then tries the formatters).
    static func internetDate(_ string: String) -> Date? {
        var text = string
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count >= 20, bytes.count <= 40 else { return nil }
            func number(_ from: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for i in from..<(from + count) {
                    let digit = Int64(bytes[i]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
                  let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
                  hour <= 23, minute <= 59, second <= 59 else { return nil }
            var index = 19, millis: Int64 = 0
            if bytes[index] == 0x2E {
                index += 1
                let start = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                    if index - start < 3 { millis = millis * 10 + Int64(bytes[index]) - 48 }
                    index += 1
                }
                guard index > start else { return nil }
                for _ in 0..<max(0, 3 - (index - start)) { millis *= 10 }
            }
            guard index < bytes.count else { return nil }
            var offset: Int64 = 0
            switch bytes[index] {
            case 0x5A:
                index += 1
            case 0x2B, 0x2D:
                guard index + 6 == bytes.count, bytes[index + 3] == 0x3A, let h = number(index + 1, 2), let m = number(index + 4, 2),
                      h <= 23, m <= 59 else { return nil }
                offset = (h * 3600 + m * 60) * (bytes[index] == 0x2D ? -1 : 1)
                index += 6
            default:
                return nil
            }
            guard index == bytes.count else { return nil }
            let seconds = daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
            // As the formatter computes it: milliseconds since 1970, then seconds since 2001.
            return Date(timeIntervalSinceReferenceDate: Double(seconds * 1000 + millis) / 1000 - 978_307_200)
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days-from-civil).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The days of a month.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
