import Foundation
import StudyCore
import Testing
import TUIKit

/// Every part of an entry of several parts is reachable with Tab, and the stored value is what
/// the screen shows.
@Suite struct MultiPartEntryTests {
    static let duration = Fixtures.v4(#"""
        {"identifier": "exercise", "type": "simpleQuestion", "title": "How long did you exercise?", "optional": false,
         "inputItem": {"type": "duration"}},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    /// The answers recorded for `step`, by field identifier.
    func answers(_ d: ScreenDriver, _ step: String) -> [String: JSONValue] {
        d.screen.run.result.root.stepHistory.first { $0.identifier == step }?.answers ?? [:]
    }

    /// The body row holding `text`.
    func row(_ d: ScreenDriver, _ text: String) -> String {
        d.text.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    @Test func tabGoesFromHoursToMinutesSoBothAreStored() throws {
        let d = try ScreenDriver(Self.duration, script: typing("0") + keys(.tab) + typing("45") + keys(.enter))
        #expect(answers(d, "exercise")["exercise"] == 2700)
    }

    @Test func shiftTabFromTheButtonsComesBackToTheLastPart() throws {
        // Tab, Tab: minutes, then Next; Shift-Tab: back to minutes, where typing goes.
        let d = try ScreenDriver(Self.duration, script: typing("1") + keys(.tab, .tab, .backTab) + typing("5") + keys(.enter))
        #expect(answers(d, "exercise")["exercise"] == 3900)
    }

    @Test func tabReachesEveryColumnOfAMultipleComponentPicker() throws {
        // Down chooses in the active column; Tab moves to the next column before the next field.
        let d = try ScreenDriver(Fixtures.components, script: keys(.down, .tab, .down, .down, .tab) + typing("3"))
        #expect(row(d, "‹").contains("‹ soup › with ‹ tea ›"))
        #expect(d.screen.focus == .field(FieldPath(field: 1)))
    }

    static let times = Fixtures.v4(#"""
        {"identifier": "when", "type": "multipleInputQuestion", "title": "When?", "inputItems": [
          {"identifier": "time", "type": "time", "fieldLabel": "Time", "formatOptions": {"codingFormat": "HH:mm:ss"}},
          {"identifier": "at", "type": "date-time", "fieldLabel": "Moment", "formatOptions": {"codingFormat": "yyyy-MM-dd'T'HH:mm:ssXXX"}}]},
        {"identifier": "done", "type": "completion", "title": "Thank you"}
        """#)

    @Test func aTimeOrDateTimeTypedShortIsShownAsItIsStored() throws {
        let d = try ScreenDriver(Self.times, script: typing("08:15") + keys(.tab) + typing("2024-01-05T08:15") + keys(.tab))
        #expect(d.text.contains("[08:15:00"))
        #expect(d.text.contains("[2024-01-05T08:15:00Z"))
        let next = try ScreenDriver(Self.times, script: typing("08:15") + keys(.tab) + typing("2024-01-05T08:15") + keys(.enter))
        #expect(answers(next, "when")["when"] == ["time": "08:15:00", "at": "2024-01-05T08:15:00Z"])
    }
}
