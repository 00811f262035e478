import Foundation
import Testing
@testable import StudyCore

/// The catalogue of malformed inputs: each gives its exact error (file, JSON path, reason), never a crash.
@Suite struct MalformedInputTests {
    static func task(_ steps: String, extra: String = "") -> String { #"{"identifier":"t"\#(extra),"steps":[\#(steps)]}"# }
    static func form(_ field: String) -> String { task(#"{"identifier":"q","type":"form","inputFields":[\#(field)]}"#) }

    static let cases: [(name: String, json: String, error: String)] = [
        ("bad JSON", #"{"identifier": "t", "steps": [}"#, "bad.json: line 1, column 31: error: invalid JSON: unexpected character '}'"),
        ("empty file", "", "bad.json: line 1, column 1: error: invalid JSON: the file is empty"),
        ("not an object", "[1, 2]", "bad.json: error: expected the file to be an object, found array"),
        ("not a task", #"{"title": "x"}"#, #"bad.json: error: not a task file: expected "steps", "taskGroups", a step "type", or a FHIR "resourceType""#),
        ("steps not an array", #"{"identifier":"t","steps":{}}"#, "bad.json: steps: error: expected an array, found object"),
        ("missing task identifier", #"{"steps":[]}"#, #"bad.json: identifier: error: missing required "identifier""#),
        ("missing step identifier", task(#"{"type":"instruction"}"#), #"bad.json: steps[0].identifier: error: missing required "identifier""#),
        ("step identifier a number", task(#"{"identifier":3}"#), "bad.json: steps[0].identifier: error: expected a string, found number"),
        ("title a number", task(#"{"identifier":"a","title":5}"#), "bad.json: steps[0].title: error: expected a string, found number"),
        ("duplicate identifiers", task(#"{"identifier":"a"},{"identifier":"a"}"#),
         #"bad.json: steps[1].identifier: error: duplicate step identifier "a" (also at steps[0]); identifiers must be unique within one list of steps"#),
        ("duplicate identifiers in a section", task(#"{"identifier":"s","type":"section","steps":[{"identifier":"x"},{"identifier":"x"}]}"#),
         #"bad.json: steps[0].steps[1].identifier: error: duplicate step identifier "x" (also at steps[0].steps[0]); identifiers must be unique within one list of steps"#),
        ("form without fields", task(#"{"identifier":"q","type":"form","inputFields":[]}"#), "bad.json: steps[0].inputFields: error: a form step needs at least one input field"),
        ("unknown input type", form(#"{"identifier":"f","type":"colour"}"#), #"bad.json: steps[0].inputFields[0].type: error: unknown input type "colour""#),
        ("field type missing", form(#"{"identifier":"f"}"#), #"bad.json: steps[0].inputFields[0].type: error: missing required "type""#),
        ("empty choice list", form(#"{"identifier":"f","type":"singleChoice","choices":[]}"#),
         "bad.json: steps[0].inputFields[0].choices: error: the choice list is empty; a choice question needs at least one option"),
        ("choice value of the wrong type", form(#"{"identifier":"f","type":"singleChoice.integer","choices":[{"text":"A","value":"a"}]}"#),
         #"bad.json: steps[0].inputFields[0].choices[0].value: error: choice value "a" is a string but the question takes integer values"#),
        ("duplicate choice values", form(#"{"identifier":"f","type":"singleChoice","choices":["a","a"]}"#),
         #"bad.json: steps[0].inputFields[0].choices[1]: error: duplicate choice value "a""#),
        ("invalid regex", form(#"{"identifier":"f","type":"string","textFieldOptions":{"textValidator":"[a-"}}"#),
         #"bad.json: steps[0].inputFields[0].textFieldOptions.textValidator: error: invalid regular expression "[a-""#),
        ("inverted range", form(#"{"identifier":"f","type":"integer","range":{"minimumValue":10,"maximumValue":1}}"#),
         "bad.json: steps[0].inputFields[0].range: error: the range is inverted: minimum 10 is greater than maximum 1"),
        ("zero step interval", form(#"{"identifier":"f","type":"decimal","range":{"stepInterval":0}}"#),
         "bad.json: steps[0].inputFields[0].range.stepInterval: error: stepInterval must be greater than zero"),
        ("range on a boolean", form(#"{"identifier":"f","type":"boolean","range":{"minimumValue":1}}"#),
         "bad.json: steps[0].inputFields[0].range: error: a boolean field takes no range"),
        ("unparseable minimum date", form(#"{"identifier":"f","type":"date","range":{"codingFormat":"yyyy-MM-dd","minimumDate":"01/02/2020"}}"#),
         #"bad.json: steps[0].inputFields[0].range.minimumDate: error: "01/02/2020" does not match the coding format yyyy-MM-dd"#),
        ("slider without ends", form(#"{"identifier":"f","type":"integer","uiHint":"slider"}"#),
         "bad.json: steps[0].inputFields[0].uiHint: error: a slider needs minimumValue and maximumValue"),
        ("unknown operator", form(#"{"identifier":"f","type":"integer","surveyRules":[{"matchingAnswer":1,"ruleOperator":"equals"}]}"#),
         #"bad.json: steps[0].inputFields[0].surveyRules[0].ruleOperator: error: unknown rule operator "equals"; use one of eq, ne, lt, gt, le, ge, ot, de, always"#),
        ("rule matching answer of the wrong type", form(#"{"identifier":"age","type":"integer","surveyRules":[{"matchingAnswer":"old","skipToIdentifier":"x"}]}"#),
         #"bad.json: steps[0].inputFields[0].surveyRules[0].matchingAnswer: error: matchingAnswer "old" is a string but field "age" takes integer answers"#),
        ("empty survey rule", form(#"{"identifier":"f","type":"integer","surveyRules":[{}]}"#),
         "bad.json: steps[0].inputFields[0].surveyRules[0]: error: a survey rule needs matchingAnswer, ruleOperator, skipToIdentifier or cohort"),
        ("comparison without a value", form(#"{"identifier":"f","type":"integer","surveyRules":[{"ruleOperator":"gt","skipToIdentifier":"x"}]}"#),
         #"bad.json: steps[0].inputFields[0].surveyRules[0].ruleOperator: error: operator "gt" needs a matchingAnswer"#),
        ("missing resource", task(#"{"identifier":"left","type":"transform","resourceTransformer":{"resourceName":"Nowhere"}}"#),
         #"bad.json: steps[0].resourceTransformer.resourceName: error: resource "Nowhere" not found: looked for Nowhere.json in /fixtures"#),
        ("negative duration", task(#"{"identifier":"a","type":"active","duration":-3}"#), "bad.json: steps[0].duration: error: duration must not be negative"),
        ("bad spoken instruction key", task(#"{"identifier":"a","type":"active","duration":10,"spokenInstructions":{"soon":"Go"}}"#),
         #"bad.json: steps[0].spokenInstructions.soon: error: a spoken instruction key must be "start", "halfway", "end", "countdown" or a number of seconds"#),
        ("navigation action without a target", task(#"{"identifier":"a","actions":{"skip":{"type":"navigation"}}}"#),
         #"bad.json: steps[0].actions.skip.skipToIdentifier: error: missing required "skipToIdentifier""#),
        ("unknown cohort operator", task(#"{"identifier":"a","beforeCohortRules":[{"requiredCohorts":["x"],"operator":"some"}]}"#),
         #"bad.json: steps[0].beforeCohortRules[0].operator: error: unknown cohort operator "some"; use "all" or "any""#),
        ("unknown measurement range", form(#"{"identifier":"f","type":"height.giant"}"#),
         #"bad.json: steps[0].inputFields[0].type: error: unknown measurement range "giant"; use adult, child or infant"#),
        ("no date can be entered", form(#"{"identifier":"f","type":"date","range":{"allowFuture":false,"allowPast":false}}"#),
         "bad.json: steps[0].inputFields[0].range: error: allowFuture and allowPast are both false: no date can be entered"),
        ("subtask without a task", task(#"{"identifier":"a","type":"subtask"}"#), #"bad.json: steps[0].task: error: missing required "task""#),
        ("v4 item of unknown type", task(#"{"identifier":"q","type":"simpleQuestion","inputItem":{"type":"colour"}}"#, extra: #","type":"assessment""#),
         #"bad.json: steps[0].inputItem.type: error: unknown input item type "colour""#),
        ("negative maximum length", form(#"{"identifier":"f","type":"string","textFieldOptions":{"maximumLength":-1}}"#),
         "bad.json: steps[0].inputFields[0].textFieldOptions.maximumLength: error: maximumLength must not be negative"),
    ]

    @Test(arguments: cases.map { ($0.name, $0.json, $0.error) })
    func reportsTheExactError(name: String, json: String, error expected: String) {
        let file = FileReference(url: URL(fileURLWithPath: "/fixtures/bad.json"), displayName: "bad.json")
        do {
            _ = try TaskFileLoader().load(data: Data(json.utf8), file: file)
            Issue.record("\(name): expected an error")
        } catch {
            #expect(error.errors.map(\.description).contains(expected), "\(name): got \(error.errors.map(\.description))")
        }
    }

    @Test func catalogueHasAtLeast25Cases() { #expect(Self.cases.count >= 25) }

    @Test func reportsEveryErrorNotJustTheFirst() {
        let json = Self.task(#"{"identifier":"a","title":1},{"identifier":"a","type":"active","duration":-1}"#)
        let file = FileReference(url: URL(fileURLWithPath: "/fixtures/bad.json"), displayName: "bad.json")
        #expect(throws: TaskLoadError.self) { try TaskFileLoader().load(data: Data(json.utf8), file: file) }
        do { _ = try TaskFileLoader().load(data: Data(json.utf8), file: file) } catch {
            #expect(error.errors.map(\.description) == [
                "bad.json: steps[0].title: error: expected a string, found number",
                "bad.json: steps[1].duration: error: duration must not be negative",
            ])
        }
    }
}
