import Foundation
import StudyCore
import Testing
import TUIKit

/// Text on the task screen: the Other box scrolls with its cursor inside, and format hints are
/// examples, not patterns.
@Suite struct ParticipantTextScreenTests {
    @Test func theOtherBoxScrollsAndItsCursorStaysInside() throws {
        let long = String(repeating: "abcdefghij", count: 6)
        // Space ticks Headache; Down*3 reaches Other; Space chooses it; then the text.
        let d = try ScreenDriver(Fixtures.checklist, width: 40, height: 12, script: keys(.down, .down, .down, .character(" ")) + typing(long))
        let frame = try #require(d.terminal.lastFrame)
        let rows = frame.canvas.plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let cursor = try #require(frame.cursor)
        let row = rows[cursor.y]
        let open = try #require(row.range(of: ": [")), close = try #require(row.lastIndex(of: "]"))
        let openColumn = row.distance(from: row.startIndex, to: open.upperBound), closeColumn = row.distance(from: row.startIndex, to: close)
        #expect(closeColumn < 38, "the box ends inside the body")
        #expect(cursor.x >= openColumn && cursor.x <= closeColumn, "the cursor is inside the box")
        #expect(row.contains("abcdefghij".suffix(3)), "the end of the text, where the cursor is, shows")
        guard case .question(let q)? = d.screen.controller else { Issue.record("no question"); return }
        #expect(q.editors[0].rawValue == [.string(long)])
    }

    @Test func dateFieldsShowAnExampleNotAPattern() throws {
        let d = try ScreenDriver(Fixtures.dates, script: typing("2024-01-05"))
        #expect(d.text.contains("e.g. 2024-05-01, ←/→ change by a day"))
        #expect(!d.text.contains("yyyy-MM-dd"))
    }
}

extension ParticipantTextScreenTests {
    @Test func aNumberFieldSaysWhatItsEndsMean() throws {
        let task = Fixtures.v4(#"""
            {"type": "simpleQuestion", "identifier": "plain", "title": "How many?",
             "inputItem": {"type": "integer", "formatOptions": {"minimumValue": 1, "maximumValue": 7,
             "minimumLabel": "Not at all", "maximumLabel": "Extremely"}}}
            """#)
        let d = try ScreenDriver(task)
        #expect(d.text.contains("1 (Not at all) to 7 (Extremely)"))
    }
}
