import Foundation
import Testing
@testable import StudyCore

/// Inputs Tests/fuzz found that ended the process, kept as regression tests.
@Suite struct FuzzCrasherTests {
    /// Foundation's DateFormatter traps ("Incorrect range CFRange(location: 0, length: 9)") on this
    /// date with a combining mark and replacement characters; the snapshot target found it in a
    /// restoration snapshot's startDate.
    static let trapDate = "2026-11-2\u{32B}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}20.504+00:00"

    @Test func aDateFoundationCannotParseIsNoDate() {
        #expect(ResultDate.date(from: Self.trapDate) == nil)
        for format in ["yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "HH:mm"] {
            #expect(DateCoding(format: format).date(from: Self.trapDate) == nil)
        }
        #expect(ResultDate.date(from: "2026-11-25T10:15:02.504+01:00") != nil, "real dates still parse")
    }

    /// ICU divides by zero (SIGFPE) parsing this startDate (an offset with three hour digits); the
    /// snapshot target found it. Well-formed offsets still parse.
    @Test func aDateWithAThreeDigitOffsetIsNoDate() {
        #expect(ResultDate.date(from: "4052-11-25T06:42:25.20+200:00") == nil)
        for bad in ["2026-11-25T06:42:25+2:00", "2026-11-25T06:42:25+02:0", "2026-11-25T06:42:25+02::00", "2026-11-25T06:42:25+02:00x"] {
            #expect(!ResultDate.mayParse(bad), "\(bad)")
        }
        for good in ["2026-11-25T06:42:25.204+02:00", "2026-11-25T06:42:25-0800", "2026-11-25T06:42:25+02", "2026-11-25", "08:15"] {
            #expect(ResultDate.mayParse(good), "\(good)")
        }
        #expect(ResultDate.date(from: "2026-11-25T06:42:25.204+02:00") != nil)
        #expect(DateCoding(format: "yyyy-MM-dd'T'HH:mm:ss.SSSZ").date(from: "4052-11-25T06:42:25.20+200:00") == nil)
    }

    @Test func aSnapshotWithSuchADateIsRefusedNotACrash() throws {
        let task = try TaskFileLoader().load(data: Data("""
            {"identifier": "t", "type": "assessment", "steps": [{"identifier": "q", "type": "instruction", "title": "Hi"}]}
            """.utf8), file: FileReference(path: "t.json")).task!
        var run = TaskRun(task: task, now: Date(timeIntervalSince1970: 0))
        run.start(now: Date(timeIntervalSince1970: 0))
        var json = run.snapshot().json
        guard case .object(var object) = json else { Issue.record("a snapshot is an object"); return }
        object["startDate"] = .string(Self.trapDate)
        json = .object(object)
        #expect(throws: RestoreError.self) { try RunSnapshot(json: json) }
    }

    /// The sage target found an input field with `"type": ""`: the type was split into no parts
    /// and the first was read. Empty and dotted-empty types are unknown types, named as such.
    @Test(arguments: ["", ".", ".integer"])
    func anEmptyInputTypeIsAnErrorNotACrash(type: String) throws {
        let json = #"{"identifier": "t", "steps": [{"identifier": "meal", "type": "form", "inputFields": ["#
            + #"{"identifier": "servings", "type": "\#(type)", "optional": true}]}]}"#
        #expect(throws: TaskLoadError.self) {
            try TaskFileLoader().load(data: Data(json.utf8), file: FileReference(path: "t.json"))
        }
        do { _ = try TaskFileLoader().load(data: Data(json.utf8), file: FileReference(path: "t.json")) } catch {
            #expect(error.errors.first?.path == "steps[0].inputFields[0].type")
        }
    }
}
