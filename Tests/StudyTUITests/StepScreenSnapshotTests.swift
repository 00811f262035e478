import Foundation
import StudyCore
import StudyTestSupport
import Testing
import TUIKit

/// Every step kind drawn at 80x24, 50x16 and 40x12 (the stated minimum), compared with recorded snapshots (text, style
/// layer and cursor). Re-record on purpose with SNAPSHOT_RECORD=1.
@Suite struct StepScreenSnapshotTests {
    static let sizes = [(80, 24), (50, 16), (40, 12)]
    let snapshots = SnapshotAssert()

    func check(_ name: String, _ json: String, _ script: [HeadlessTerminal.Input] = []) throws {
        for (w, h) in Self.sizes {
            let driver = try ScreenDriver(json, width: w, height: h, script: script)
            if let problem = snapshots.check(driver.snapshot, named: "\(name)-\(w)x\(h)") { Issue.record(Comment(rawValue: problem)) }
        }
    }

    @Test func instructionStep() throws { try check("instruction", Fixtures.instruction) }

    @Test func formWithTextFieldsAndAnInvalidYear() throws {
        // Enter on the year goes to the last field; Enter there sends the step, which the year stops.
        try check("form-invalid", Fixtures.form, keys(.enter) + typing("Ada") + keys(.tab) + typing("3000") + keys(.enter, .enter))
    }

    @Test func radioListWithAChoice() throws { try check("radio", Fixtures.radio, keys(.down, .character(" "))) }

    @Test func checkListWithOtherText() throws {
        try check("checklist", Fixtures.checklist, keys(.character(" "), .down, .down, .down, .character(" ")) + typing("Cough"))
    }

    @Test func sliderMoved() throws { try check("slider", Fixtures.slider, keys(.right, .right, .right, .pageUp)) }

    @Test func pickerOpenAndFiltered() throws { try check("picker-open", Fixtures.picker, keys(.enter) + typing("s")) }

    @Test func dateAndTimeFields() throws { try check("dates", Fixtures.dates, typing("2024-01-05") + keys(.tab)) }

    @Test func durationField() throws {
        try check("duration", Fixtures.dates, keys(.tab, .tab, .enter) + typing("1") + keys(.right) + typing("30"))
    }

    @Test func multilineText() throws { try check("multiline", Fixtures.notes, typing("one") + keys(.enter) + typing("two")) }

    @Test func componentsPickerAndYesNo() throws { try check("components", Fixtures.components, keys(.down, .right, .down)) }

    @Test func countdownWithCaption() throws { try check("countdown", Fixtures.countdown, [.wait(.seconds(6))]) }

    @Test func completionStep() throws { try check("completion", Fixtures.countdown, [.wait(.seconds(14))]) }

    @Test func unknownStepType() throws { try check("unknown", Fixtures.unknown) }

    @Test func cancelMenu() throws { try check("cancel-menu", Fixtures.radio, keys(.ctrl("c"))) }

    @Test func helpOverlay() throws { try check("help", Fixtures.radio, keys(.function(1))) }

    @Test func escapeSequencesInTaskTextAreRemoved() throws { try check("escapes", Fixtures.escapes) }

    @Test func repeatingGroupEntries() throws {
        let task = RepeatingGroupFixture.task
        for (w, h) in Self.sizes {
            let driver = ScreenDriver(task: task, width: w, height: h, script: typing("Aspirin") + keys(.tab) + typing("2") + keys(.ctrl("n")))
            if let problem = snapshots.check(driver.snapshot, named: "group-\(w)x\(h)") { Issue.record(Comment(rawValue: problem)) }
        }
    }

    @Test func tooSmallTerminal() throws {
        let driver = try ScreenDriver(Fixtures.radio, width: 30, height: 10)
        if let problem = snapshots.check(driver.snapshot, named: "too-small-30x10") { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func monochromeKeepsMarkers() throws {
        let driver = try ScreenDriver(Fixtures.checklist, script: keys(.character(" ")), colors: false)
        #expect(driver.text.contains("[x] Headache"))
    }
}

/// A repeating group built directly (the Sage formats have none; FHIR makes them).
enum RepeatingGroupFixture {
    static var task: TaskDefinition {
        let fields = [InputField(identifier: "name", prompt: "Name", kind: .text(TextOptions())),
                      InputField(identifier: "dose", prompt: "Tablets a day", kind: .integer(NumberOptions(minimum: 1, maximum: 10)))]
        let group = InputField(identifier: "meds", prompt: "Your medications",
                               kind: .repeatingGroup(RepeatingGroupOptions(fields: fields, minimumCount: 1, maximumCount: 3, itemLabel: "Medication")))
        let step = StepDefinition(identifier: "meds", kind: .question(QuestionStep(fields: [group])), typeName: "form",
                                  title: "Medications")
        return TaskDefinition(identifier: "meds-task", title: "Medicines", steps: StepList(steps: [
            step, StepDefinition(identifier: "done", kind: .completion, typeName: "completion", title: "Thank you"),
        ]))
    }
}
