import Foundation
@testable import StudyCore
import Testing

/// The hand-written reading of result dates gives exactly the dates Foundation's ISO 8601
/// formatter gives, and leaves every other form to the formatters.
struct ResultDateParsingTests {
    /// What the formatter reads (with a fraction, then without), as `ResultDate` did before.
    static func formatter(_ string: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: string) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: string)
    }

    @Test func resultDatesReadAsTheFormatterReadsThem() {
        var rng = SystemRandomNumberGenerator()
        let zones = [0, 3600, -25200, 19800, 49500, -36000].compactMap { TimeZone(secondsFromGMT: $0) }
        var strings = ["2017-10-16T22:28:09.000-07:00", "2026-03-27T10:15:00Z", "2026-03-27T10:15:00.5Z", "2026-03-27T10:15:00.12+01:00",
                       "2000-02-29T23:59:59.999+14:00", "1970-01-01T00:00:00.000+00:00", "1969-12-31T23:59:59.001Z",
                       "2024-12-31T00:00:00-12:00", "1900-03-01T12:00:00.000+05:30"]
        for _ in 0..<2000 {
            let seconds = Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &rng)) + Double(Int.random(in: 0..<1000, using: &rng)) / 1000
            strings.append(ResultDate.string(from: Date(timeIntervalSince1970: seconds), timeZone: zones.randomElement(using: &rng)!))
        }
        for string in strings {
            let fast = ResultDate.internetDate(string)
            #expect(fast != nil, "\(string)")
            #expect(fast == Self.formatter(string), "\(string)")
            #expect(ResultDate.date(from: string) == Self.formatter(string), "\(string)")
        }
    }

    @Test func theTextOfADateReadFromTextIsThatTextAgain() throws {
        // …123 reads back as a Double a hair below it; cut down to the millisecond it lost one.
        var rng = SystemRandomNumberGenerator()
        let utc = try #require(TimeZone(secondsFromGMT: 0))
        for _ in 0..<5000 {
            let ms = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &rng)
            let text = ResultDate.string(from: Date(timeIntervalSince1970: Double(ms) / 1000), timeZone: utc)
            let again = ResultDate.string(from: try #require(ResultDate.date(from: text)), timeZone: utc)
            #expect(again == text)
        }
        #expect(ResultDate.string(from: Date(timeIntervalSince1970: 1_780_000_000.123), timeZone: utc).hasSuffix(".123+00:00"))
        #expect(ResultDate.string(from: Date(timeIntervalSince1970: 1_780_000_000.1239), timeZone: utc).hasSuffix(".123+00:00"))
    }

    @Test func otherFormsAreLeftToTheFormatters() {
        for string in ["2026-03-27", "2026-03-27T10:15:00", "2026-03-27T10:15:00.000", "2026-02-30T10:15:00Z", "2026-13-01T00:00:00Z",
                       "2026-03-27T24:00:00Z", "2026-03-27T10:15:00+0100", "2026-03-27T10:15:00.Z", "2026-03-27 10:15:00Z",
                       "2026-03-27T10:15:00.000+01:00x", "２026-03-27T10:15:00Z", "2026-03-27t10:15:00z"] {
            #expect(ResultDate.internetDate(string) == nil, "\(string)")
        }
        #expect(ResultDate.date(from: "2026-03-27") != nil, "the formatters still read a plain day")
    }
}
