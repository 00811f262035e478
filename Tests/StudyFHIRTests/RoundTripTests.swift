import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// Questionnaire and response pairs made for every item type, with and without `repeats`, and for
/// every kind of answerOption: prefill, a headless run and the export give every answer back.
@Suite struct RoundTripTests {
    static let system = "http://example.org/cs"

    /// Two answers of each item type (a repeating item gets both, the other one the first).
    static let answersByType: [(String, [JSONValue])] = [
        ("boolean", [["valueBoolean": true], ["valueBoolean": false]]),
        ("decimal", [["valueDecimal": 2.5], ["valueDecimal": 7]]),
        ("integer", [["valueInteger": 3], ["valueInteger": 42]]),
        ("date", [["valueDate": "2024-02-03"], ["valueDate": "2023-01"], ["valueDate": "1999"]]),
        ("dateTime", [["valueDateTime": "2024-02-03T04:05:06+01:00"], ["valueDateTime": "2020-01-01T00:00:00Z"], ["valueDateTime": "2021-06"]]),
        ("time", [["valueTime": "10:30:00"], ["valueTime": "23:59:00"]]),
        ("string", [["valueString": "Ann"], ["valueString": "Bob"], ["valueString": "Cy"], ["valueString": "Di"]]),
        ("text", [["valueString": "two\nlines"], ["valueString": "more"]]),
        ("url", [["valueUri": "https://example.org/a"], ["valueUri": "https://example.org/b"]]),
        ("quantity", [["valueQuantity": ["value": 72.5, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg"]],
                      ["valueQuantity": ["value": 80, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg"]]]),
        ("attachment", [["valueAttachment": ["url": "file:///tmp/a.pdf", "title": "a.pdf"]],
                        ["valueAttachment": ["url": "file:///tmp/b.pdf", "title": "b.pdf"]]]),
        ("reference", [["valueReference": ["reference": "Patient/1"]], ["valueReference": ["reference": "Patient/2"]]]),
    ]

    /// Three options of each answerOption type.
    static let optionsByType: [(String, [JSONValue])] = [
        ("coding", ["a", "b", "c"].map { ["valueCoding": ["system": .string(system), "code": .string($0), "display": .string($0.uppercased())]] }),
        ("integer", [1, 2, 3].map { ["valueInteger": .int($0)] }),
        ("date", ["2020-01-01", "2021-01-01", "2022-01-01"].map { ["valueDate": .string($0)] }),
        ("time", ["08:00:00", "12:00:00", "18:00:00"].map { ["valueTime": .string($0)] }),
        ("string", ["red", "green", "blue"].map { ["valueString": .string($0)] }),
    ]

    static func questionnaire(_ items: [JSONValue]) -> JSONValue {
        ["resourceType": "Questionnaire", "url": "http://example.org/Questionnaire/rt", "status": "active", "item": .array(items)]
    }

    static func response(_ items: [JSONValue]) -> JSONValue {
        ["resourceType": "QuestionnaireResponse", "status": "completed", "item": .array(items)]
    }

    static func item(_ linkId: String, _ type: String, repeats: Bool, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var o: [String: JSONValue] = ["linkId": .string(linkId), "type": .string(type), "text": .string(linkId)]
        if repeats { o["repeats"] = true }
        for (k, v) in extra { o[k] = v }
        if type == "quantity" {
            o["extension"] = [["url": .string(FHIRExtension.unit), "valueCoding": ["system": "http://unitsofmeasure.org", "code": "kg", "display": "kg"]]]
        }
        return .object(o)
    }

    static func answered(_ linkId: String, _ answers: [JSONValue]) -> JSONValue {
        ["linkId": .string(linkId), "answer": .array(answers)]
    }

    @Test(arguments: answersByType.map(\.0), [false, true])
    func everyItemTypeComesBack(_ type: String, repeats: Bool) throws {
        let values = Self.answersByType.first { $0.0 == type }!.1
        let given = repeats ? values : [values[0]]
        let q = Self.questionnaire([Self.item("q", type, repeats: repeats)])
        let r = Self.response([Self.answered("q", given)])
        let outcome = try RoundTrip.run(q, r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
    }

    @Test func partialDatesAndOtherZonesComeBackAsGiven() throws {
        let q = Self.questionnaire([Self.item("d", "date", repeats: false), Self.item("dt", "dateTime", repeats: false)])
        for (d, dt) in [("2023-01", "2021-06"), ("1999", "2024-02-03T04:05:06-05:00")] {
            let r = Self.response([Self.answered("d", [["valueDate": .string(d)]]), Self.answered("dt", [["valueDateTime": .string(dt)]])])
            let outcome = try RoundTrip.run(q, r)
            #expect(outcome.error == nil, "\(outcome.error ?? "")")
            RoundTrip.expectSameAnswers(r, outcome.rebuilt)
        }
    }

    @Test(arguments: optionsByType.map(\.0), ["choice", "open-choice"])
    func everyAnswerOptionTypeComesBack(_ kind: String, itemType: String) throws {
        let options = Self.optionsByType.first { $0.0 == kind }!.1
        let single = Self.item("one", itemType, repeats: false, ["answerOption": .array(options)])
        let several = Self.item("many", itemType, repeats: true, ["answerOption": .array(options)])
        var many = [options[1], options[2]]
        if itemType == "open-choice" { many.append(["valueString": "my own words"]) }
        let r = Self.response([Self.answered("one", [options[1]]), Self.answered("many", many)])
        let outcome = try RoundTrip.run(Self.questionnaire([single, several]), r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
    }

    @Test(arguments: optionsByType.map(\.0))
    func anAnswerTheQuestionnaireDoesNotOfferIsKeptOfferedAndReported(_ kind: String) throws {
        let options = Self.optionsByType.first { $0.0 == kind }!.1
        let foreign: JSONValue
        switch kind {
        case "coding": foreign = ["valueCoding": ["system": .string(Self.system), "code": "z"]]
        case "integer": foreign = ["valueInteger": 99]
        case "date": foreign = ["valueDate": "1990-05-05"]
        case "time": foreign = ["valueTime": "03:00:00"]
        default: foreign = ["valueString": "purple"]
        }
        let q = Self.questionnaire([Self.item("c", "choice", repeats: true, ["answerOption": .array(Array(options.prefix(2)))])])
        let r = Self.response([Self.answered("c", [options[0], foreign])])
        let outcome = try RoundTrip.run(q, r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
        #expect(outcome.diagnostics.count == 1)
        #expect(outcome.diagnostics.first?.message.contains("is not one of the options of \"c\"; it is kept and offered") == true)
    }

    @Test func aCodingWrittenWithoutItsDisplayIsItsOptionAndComesBackAsWritten() throws {
        let options = Self.optionsByType[0].1
        let q = Self.questionnaire([Self.item("c", "choice", repeats: false, ["answerOption": .array(options)])])
        let r = Self.response([Self.answered("c", [["valueCoding": ["system": .string(Self.system), "code": "b"]]])])
        let outcome = try RoundTrip.run(q, r)
        #expect(outcome.diagnostics.isEmpty)
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
        let prefilled = try QuestionnaireImporter().importQuestionnaire(from: q, file: FileReference(path: "q.json"), prefilledWith: r, responseFile: "r")
        let labels = prefilled.imported.model.item("c")?.answerOptions.map(\.label)
        #expect(labels == ["A", "B", "C"], "the option keeps its label and no option is added")
    }

    @Test func repeatingGroupsAndAnswersWithChildrenKeepTheirNesting() throws {
        let q = Self.questionnaire([
            ["linkId": "meds", "type": "group", "repeats": true, "item": [Self.item("name", "string", repeats: false), Self.item("dose", "integer", repeats: true)]],
            ["linkId": "pet", "type": "string", "repeats": true, "item": [Self.item("age", "integer", repeats: false)]],
        ])
        let r = Self.response([
            ["linkId": "meds", "item": [Self.answered("name", [["valueString": "aspirin"]]), Self.answered("dose", [["valueInteger": 1], ["valueInteger": 2]])]],
            ["linkId": "meds", "item": [Self.answered("name", [["valueString": "ibuprofen"]])]],
            ["linkId": "pet", "answer": [["valueString": "Rex", "item": [Self.answered("age", [["valueInteger": 3]])]], ["valueString": "Tom"]]],
        ])
        let outcome = try RoundTrip.run(q, r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        RoundTrip.expectSameAnswers(r, outcome.rebuilt)
    }
}

/// Scripts (`check --answers`) answer a choice by its option's value, whatever the option type,
/// and a repeating question with several answers.
@Suite struct ScriptedAnswerTests {
    @Test(arguments: RoundTripTests.optionsByType.map(\.0))
    func aChoiceIsAnsweredByItsOptionValue(_ kind: String) throws {
        let options = RoundTripTests.optionsByType.first { $0.0 == kind }!.1
        let q = RoundTripTests.questionnaire([RoundTripTests.item("one", "choice", repeats: false, ["answerOption": .array(options)]),
                                              RoundTripTests.item("many", "choice", repeats: true, ["answerOption": .array(options)])])
        let imported = try QuestionnaireImporter().importQuestionnaire(from: q, file: FileReference(path: "q.json"))
        /// The value a script gives for an option: a Coding's code, or the option's own value.
        func scripted(_ option: JSONValue) -> JSONValue {
            guard case .value(let v) = FHIRValue.read(from: option, prefix: "value") else { return .null }
            if case .coding(let c) = v { return .string(c.code ?? "") }
            return v.payload
        }
        let outcome = HeadlessRunner(task: imported.task, conditions: imported.conditions)
            .run(.answers(["one": scripted(options[1]), "many": [scripted(options[0]), scripted(options[2])]]))
        #expect(outcome.error == nil, "\(outcome.error?.message ?? "")")
        let qr = QuestionnaireResponseBuilder(model: imported.model).build(result: outcome.run.result).resource
        let expected = RoundTripTests.response([RoundTripTests.answered("one", [options[1]]), RoundTripTests.answered("many", [options[0], options[2]])])
        RoundTrip.expectSameAnswers(expected, qr)
    }

    @Test func aRepeatingQuestionTakesSeveralAnswersFromAScript() throws {
        let q = RoundTripTests.questionnaire([RoundTripTests.item("names", "string", repeats: true)])
        let imported = try QuestionnaireImporter().importQuestionnaire(from: q, file: FileReference(path: "q.json"))
        let outcome = HeadlessRunner(task: imported.task, conditions: imported.conditions).run(.answers(["names": ["Ann", "Bob", "Cy", "Di"]]))
        let qr = QuestionnaireResponseBuilder(model: imported.model).build(result: outcome.run.result).resource
        #expect(RoundTrip.answers(qr).count == 4)
    }
}
