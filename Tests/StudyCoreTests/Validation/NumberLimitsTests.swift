import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// Numbers at and past Int's edges, from a participant or a task file, are inline messages or
/// decoder errors: never a trap (issue 15, points 1 and 3).
@Suite struct NumberLimitsTests {
    static let validator = AnswerValidator(now: Date(timeIntervalSince1970: 1_700_000_000))

    static func field(_ kind: InputKind) -> InputField { InputField(identifier: "n", kind: kind) }

    /// 2^63 − 512 is the first Double at which `Int(d)` traps (it rounds up to 2^63).
    static let pastInt: [JSONValue] = [
        .double(Double("9223372036854775296")!), .double(Double("99999999999999999999")!), .double(-1e19), .double(1e300),
        "99999999999999999999", "-99999999999999999999", "9223372036854775808", "1e19",
    ]

    @Test(arguments: pastInt)
    func anUnboundedIntegerPastIntsRangeIsAMessage(value: JSONValue) {
        let result = Self.validator.validate(value, for: Self.field(.integer(NumberOptions())))
        guard case .failure(let m) = result else { Issue.record("accepted \(value)"); return }
        #expect(m.text.hasPrefix("That number is too"))
    }

    @Test(arguments: pastInt)
    func aBoundedIntegerPastIntsRangeIsTheRangeMessage(value: JSONValue) {
        let result = Self.validator.validate(value, for: Self.field(.integer(NumberOptions(minimum: 1, maximum: 100))))
        guard case .failure(let m) = result else { Issue.record("accepted \(value)"); return }
        #expect(m.text == "Enter 100 or less." || m.text == "Enter 1 or more.")
    }

    @Test func integersAtIntsEdgesAreKeptExactly() {
        let field = Self.field(.integer(NumberOptions()))
        #expect(Self.validator.validate(.int(.max), for: field) == .success(.int(.max)))
        #expect(Self.validator.validate(.int(.min), for: field) == .success(.int(.min)))
        #expect(Self.validator.validate("9223372036854775807", for: field) == .success(.int(.max)))
        #expect(Self.validator.validate(" -9223372036854775808 ", for: field) == .success(.int(.min)))
        #expect(Self.validator.validate("9007199254740993", for: field) == .success(.int(9_007_199_254_740_993)))
        #expect(Self.validator.validate(.double(4e15), for: field) == .success(.int(4_000_000_000_000_000)))
        // Typed with a point past 2^53, the digits may not survive: never stored as another number.
        #expect(Self.validator.validate("9007199254740993.0", for: field) == .failure("Type it as digits only, without a point or an exponent."))
        #expect(Self.validator.validate("-9223372036854775809", for: field) == .failure(ValidationMessage(AnswerValidator.tooLarge(-1e19))))
    }

    @Test func scriptedTypedAndRestoredNumbersFollowOneRule() throws {
        let field = Self.field(.integer(NumberOptions()))
        // A script's JSON literal -2^63 - 1 parses as the Double -2^63: refused as the screen refuses
        // the typed digits, never stored as another number.
        let scripted = try JSONParser.parse(Data("[-9223372036854775809, 9007199254740993.0, 1e18, -9223372036854775808]".utf8))
        guard case .array(let values) = scripted else { Issue.record("not an array"); return }
        let typed = ["-9223372036854775809", "9007199254740993.0", "1e18", "-9223372036854775808"]
        for (value, text) in zip(values, typed) {
            #expect(Self.validator.validate(value, for: field) == Self.validator.validate(.string(text), for: field), "\(text)")
        }
        #expect(Self.validator.validate(values[0], for: field) == .failure(ValidationMessage(AnswerValidator.tooLarge(-1e19))))
        #expect(Self.validator.validate(values[3], for: field) == .success(.int(.min)))
    }

    @Test func notANumberIsAskedForAgain() {
        for text in ["inf", "nan", "-infinity", "12abc"] {
            #expect(Self.validator.validate(.string(text), for: Self.field(.integer(NumberOptions()))) == .failure("Enter a whole number."))
            #expect(Self.validator.validate(.string(text), for: Self.field(.decimal(NumberOptions()))) == .failure("Enter a number."))
        }
    }

    @Test func hugeDecimalsAndDurationsNeverTrap() {
        let decimal = Self.field(.decimal(NumberOptions(maximumFractionDigits: 2)))
        #expect(Self.validator.validate(.double(-1e19), for: decimal) == .success(.double(-1e19)))
        #expect(Self.validator.validate(.double(1e300), for: decimal) == .success(.double(1e300)))
        let duration = Self.field(.duration(DurationOptions(minimumSeconds: 1e300)))
        #expect(Self.validator.validate(.int(5), for: duration) == .failure(ValidationMessage("Enter at least \(DurationFormat.text(1e300)).")))
        guard case .failure = Self.validator.validate(.double(1e19), for: Self.field(.duration(DurationOptions()))) else {
            Issue.record("a duration past Int's range was accepted"); return
        }
        var entry = DurationEntry(options: DurationOptions(), seconds: 1e300)
        entry.set(seconds: -.infinity)
        #expect(DurationFormat.text(.nan) == "0 s")
    }

    @Test func aSliderOverAHugeRangeIsRefusedByTheDecoderWithItsPlace() throws {
        let task = #"""
            {"identifier":"t","type":"assessment","steps":[{"identifier":"s","type":"simpleQuestion",
             "inputItem":{"type":"decimal","uiHint":"slider","formatOptions":{"minimumValue":0,"maximumValue":1e19,"stepInterval":1}}}]}
            """#
        var thrown: TaskLoadError?
        do { _ = try TaskFileLoader().load(data: Data(task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json"))) } catch { thrown = error }
        let error = try #require(thrown?.diagnostics.first { $0.severity == .error })
        #expect(error.path == "steps[0].inputItem.uiHint")
        #expect(error.message.contains("positions; at most 100000 can be shown"))
    }

    @Test(arguments: [
        NumberOptions(minimum: 0, maximum: 1e19, step: 1),
        NumberOptions(minimum: -1e308, maximum: 1e308),
        NumberOptions(minimum: 0, maximum: 1, step: 1e-300),
        NumberOptions(minimum: -9.3e18, maximum: 9.3e18, step: 1e18),
    ])
    func everySliderProblemIsNamedAndTheEditorFallsBackToTyping(options: NumberOptions) {
        for isInteger in [true, false] {
            let kind: InputKind = isInteger ? .integer(options) : .decimal(options)
            if options.sliderProblem(isInteger: isInteger) == nil { continue }
            let editor = FieldEditor(field: InputField(identifier: "n", kind: kind, uiHint: .slider))
            guard case .text = editor.state else { Issue.record("a slider it cannot show: \(options)"); continue }
        }
    }

    @Test func aSliderAtTheLimitMovesToBothEndsWithoutTrapping() {
        var s = SliderScale(minimum: -9e15, maximum: 9e15, step: 2e11, isInteger: true)
        #expect(NumberOptions(minimum: -9e15, maximum: 9e15, step: 2e11).sliderProblem(isInteger: true) == nil)
        s.moveToEnd(true)
        #expect(s.json == .int(9_000_000_000_000_000))
        s.move(steps: -s.pageSteps)
        s.moveToEnd(false)
        #expect(s.json == .int(-9_000_000_000_000_000))
        let absurd = SliderScale(minimum: -.greatestFiniteMagnitude, maximum: .greatestFiniteMagnitude, step: 1, isInteger: true)
        #expect(absurd.stepCount == .max)
        #expect(absurd.pageSteps > 0)
    }

    @Test func aPickerOverAHugeRangeOrTinyStepAsksForATypedNumber() throws {
        for options in [NumberOptions(minimum: 0, maximum: 1e19), NumberOptions(minimum: 0, maximum: 1, step: 1e-300),
                        NumberOptions(minimum: 0, maximum: 2000)] {
            let editor = FieldEditor(field: InputField(identifier: "n", kind: .integer(options), uiHint: .picker))
            guard case .text = editor.state else { Issue.record("a picker listed \(options)"); continue }
        }
        let task = #"""
            {"identifier":"t","type":"assessment","steps":[{"identifier":"p","type":"simpleQuestion",
             "inputItem":{"type":"integer","uiHint":"picker","formatOptions":{"minimumValue":0,"maximumValue":1e19}}}]}
            """#
        let loaded = try TaskFileLoader().load(data: Data(task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json")))
        let warning = try #require(loaded.warnings.first)
        #expect(warning.message.contains("asked as a typed number"))
        #expect(warning.path.hasSuffix("uiHint"))
    }

    @Test func aHugeSpokenCountdownIsAnErrorNotAMillionInstructions() throws {
        let task = #"""
            {"identifier":"t","steps":[{"identifier":"c","type":"countdown","duration":1e300,
             "spokenInstructions":{"countdown":"99999999999"}}]}
            """#
        var thrown: TaskLoadError?
        do { _ = try TaskFileLoader().load(data: Data(task.utf8), file: FileReference(url: URL(fileURLWithPath: "/t.json"))) } catch { thrown = error }
        #expect(thrown?.diagnostics.first?.message == #""countdown" needs a whole number of seconds from 1 to 3600"#)
        let long = ActiveStep(duration: 1e300)
        let timer = ActiveStepController(step: StepDefinition(identifier: "c", kind: .active(long)), active: long)
        #expect(timer.remainingSeconds == .max)
    }

    @Test func theDemoQuestionRefusesHugeAnswersHeadlessly() throws {
        let path = RepositoryResources.folder.appendingPathComponent("demo-study/tasks/branching-survey.json").path
        let task = try #require(try TaskFileLoader().load(path: path).task)
        for value in Self.pastInt {
            let o = HeadlessRunner(task: task).run(.answers(["smoke": true, "cigarettes": value]))
            #expect(o.error?.message == #"step "cigarettes": Enter 100 or less."# || o.error?.message == #"step "cigarettes": Enter 1 or more."#)
        }
    }
}
