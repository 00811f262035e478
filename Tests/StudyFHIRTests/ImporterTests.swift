import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

@Suite struct ImporterTests {
    private let file = FileReference(url: URL(fileURLWithPath: "/tmp/q.json"), displayName: "q.json")

    private func importTask(_ json: JSONValue, language: String? = nil, resources: [JSONValue] = []) throws(TaskLoadError) -> ImportedQuestionnaire {
        try QuestionnaireImporter(language: language, resources: resources).importQuestionnaire(from: json, file: file)
    }

    private func field(_ step: StepDefinition?) -> InputField? { step?.question?.fields.first }

    @Test func mapsGroupsToSectionsWithAHeadingStepAndQuestionsToSingleFieldSteps() throws {
        let q = Fixtures.questionnaire([
            Fixtures.item("g", "group", ["prefix": "A.", "item": [
                Fixtures.item("q1", "integer", ["required": true, "readOnly": true]),
                Fixtures.item("d1", "display"),
            ]]),
        ])
        let task = try importTask(q).task
        #expect(task.format == .fhirQuestionnaire)
        #expect(task.identifier == "test" && task.version == "1.0")
        let section = try #require(task.steps.steps.first?.section)
        #expect(section.steps.steps.map(\.identifier.rawValue) == ["g#intro", "q1", "d1"])
        #expect(section.steps.steps[0].title == "A. Q g")
        let q1 = section.steps.step("q1")
        #expect(q1?.title == "Q q1")
        let f = try #require(field(q1))
        #expect(f.identifier == "q1" && !f.isOptional && f.isReadOnly)
        #expect(section.steps.step("d1")?.kind == .instruction)
    }

    @Test func aPageGroupIsOneScreenWithAFieldPerQuestion() throws {
        let page: JSONValue = ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                               "valueCodeableConcept": ["coding": [["code": "page"]]]]
        let q = Fixtures.questionnaire([
            Fixtures.item("p", "group", ["extension": [page], "item": [
                Fixtures.item("note", "display"),
                Fixtures.item("a", "string"),
                Fixtures.item("sub", "group", ["item": [Fixtures.item("b", "boolean")]]),
            ]]),
        ])
        let step = try #require(try importTask(q).task.steps.steps.first)
        let fields = try #require(step.question?.fields)
        #expect(fields.map(\.identifier) == ["a", "b"])
        #expect(fields[0].prompt == "Q a" && fields[0].detail == "Q note")
        #expect(fields[1].detail == "Q sub")
    }

    @Test func repeatingGroupsAndRepeatingQuestionsWithChildrenBecomeRepeatingGroupFields() throws {
        let q = Fixtures.questionnaire([
            Fixtures.item("meds", "group", ["repeats": true, "item": [Fixtures.item("name", "string"), Fixtures.item("dose", "decimal")]]),
            Fixtures.item("pick", "choice", ["repeats": true, "answerOption": [["valueString": "x"]], "item": [Fixtures.item("why", "string")]]),
            Fixtures.item("many", "integer", ["repeats": true]),
        ])
        let steps = try importTask(q).task.steps.steps
        guard case .repeatingGroup(let meds)? = field(steps[0])?.kind else { Issue.record("meds"); return }
        #expect(meds.fields.map(\.identifier) == ["name", "dose"] && meds.itemLabel == "Q meds")
        guard case .repeatingGroup(let pick)? = field(steps[1])?.kind else { Issue.record("pick"); return }
        #expect(pick.fields.map(\.identifier) == ["pick", "why"])
        #expect(field(steps[2])?.repeats == true)
    }

    @Test func choiceOptionsKeepCodingsAsObjectsWithPrefixesExclusivityAndInitialSelection() throws {
        let ext = { (url: String, v: JSONValue) -> JSONValue in ["url": .string("http://hl7.org/fhir/StructureDefinition/" + url), "valueString": v] }
        let q = Fixtures.questionnaire([
            Fixtures.item("c", "choice", ["repeats": true, "answerOption": [
                ["valueCoding": Fixtures.coding("a", display: "Apple"), "extension": [ext("questionnaire-optionPrefix", "a)")]],
                ["valueCoding": Fixtures.coding("n", display: "None"), "initialSelected": true,
                 "extension": [["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-optionExclusive", "valueBoolean": true]]],
            ]]),
            Fixtures.item("o", "open-choice", ["answerOption": [["valueString": "red"]]]),
        ])
        let steps = try importTask(q).task.steps.steps
        guard case .choice(let c)? = field(steps[0])?.kind else { Issue.record("c"); return }
        #expect(c.allowsMultiple)
        #expect(c.choices[0].value == Fixtures.coding("a", display: "Apple"))
        #expect(c.choices[0].text == "a) Apple")
        #expect(c.choices[1].isExclusive)
        #expect(field(steps[0])?.initialValue == [Fixtures.coding("n", display: "None")])
        guard case .choice(let o)? = field(steps[1])?.kind else { Issue.record("o"); return }
        #expect(o.other != nil && o.choices[0].value == "red")
    }

    @Test func containedValueSetsExpandAndExternalOnesAreReportedUnlessSupplied() throws {
        let vs: JSONValue = ["resourceType": "ValueSet", "id": "yn", "url": "http://example.org/vs/yn",
                             "compose": ["include": [["system": "http://example.org", "concept": [["code": "y", "display": "Yes"]]]]]]
        let local = Fixtures.questionnaire([Fixtures.item("x", "choice", ["answerValueSet": "#yn"])], extra: ["contained": [vs]])
        guard case .choice(let c)? = field(try importTask(local).task.steps.steps[0])?.kind else { Issue.record("x"); return }
        #expect(c.choices.map(\.text) == ["Yes"])

        let external = Fixtures.questionnaire([Fixtures.item("x", "choice", ["answerValueSet": "http://example.org/vs/yn"])])
        let offline = try importTask(external)
        #expect(offline.warnings.contains { $0.path == "item[linkId=x].answerValueSet" && $0.message.contains("unavailable offline") })
        guard case .choice(let s)? = field(try importTask(external, resources: [vs]).task.steps.steps[0])?.kind else {
            Issue.record("supplied"); return
        }
        #expect(s.choices.count == 1)
    }

    @Test func helpAndFlyoverChildrenBecomeTheParentsHelpText() throws {
        let control = { (code: String) -> JSONValue in
            ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl", "valueCodeableConcept": ["coding": [["code": .string(code)]]]]
        }
        let q = Fixtures.questionnaire([
            Fixtures.item("q", "string", ["item": [
                ["linkId": "h", "type": "display", "text": "Some help", "extension": [control("help")]],
                ["linkId": "f", "type": "display", "text": "More", "extension": [control("flyover")]],
            ]]),
        ])
        let steps = try importTask(q).task.steps.steps
        #expect(steps.map(\.identifier.rawValue) == ["q"])
        #expect(steps[0].detail == "Some help\nMore")
    }

    @Test func readsBoundsFormatsUnitsAndControlsIntoFieldOptions() throws {
        let e = { (url: String, key: String, v: JSONValue) -> JSONValue in
            ["url": .string("http://hl7.org/fhir/StructureDefinition/" + url), .init(stringLiteral: key): v].asObject
        }
        let slider: JSONValue = ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                                 "valueCodeableConcept": ["coding": [["code": "slider"]]]]
        let q = Fixtures.questionnaire([
            Fixtures.item("n", "integer", ["extension": [e("minValue", "valueInteger", 0), e("maxValue", "valueInteger", 10),
                                                         e("questionnaire-sliderStepValue", "valueInteger", 2), slider]]),
            Fixtures.item("w", "quantity", ["extension": [e("questionnaire-unit", "valueCoding", ["system": "http://unitsofmeasure.org", "code": "kg", "display": "kilogram"]),
                                                          e("maxDecimalPlaces", "valueInteger", 1)]]),
            Fixtures.item("s", "string", ["maxLength": 5, "extension": [e("regex", "valueString", "[a-z]+"), e("entryFormat", "valueString", "abc"),
                                                                        e("minLength", "valueInteger", 2)]]),
        ])
        let steps = try importTask(q).task.steps.steps
        let n = try #require(field(steps[0]))
        #expect(n.kind == .integer(NumberOptions(minimum: 0, maximum: 10, step: 2, maximumFractionDigits: 0)) && n.uiHint == .slider)
        #expect(field(steps[1])?.kind == .decimal(NumberOptions(unit: "kilogram", maximumFractionDigits: 1)))
        let s = try #require(field(steps[2]))
        guard case .text(let t) = s.kind else { Issue.record("s"); return }
        #expect(t.pattern == "[a-z]+" && t.maximumLength == 5 && t.minimumLength == 2 && s.placeholder == "abc")
    }

    @Test func picksTranslationsForTheChosenLanguage() throws {
        let tr = { (lang: String, text: String) -> JSONValue in
            ["url": "http://hl7.org/fhir/StructureDefinition/translation",
             "extension": [["url": "lang", "valueCode": .string(lang)], ["url": "content", "valueString": .string(text)]]]
        }
        let q = Fixtures.questionnaire([
            ["linkId": "q", "type": "choice", "text": "Hello", "_text": ["extension": [tr("de", "Hallo"), tr("fr-CA", "Bonjour")]],
             "answerOption": [["valueCoding": ["code": "y", "display": "Yes", "_display": ["extension": [tr("de", "Ja")]]]]]],
        ])
        #expect(try importTask(q, language: "de-CH").task.steps.steps[0].title == "Hallo")
        #expect(try importTask(q, language: "fr").task.steps.steps[0].title == "Bonjour")
        #expect(try importTask(q).task.steps.steps[0].title == "Hello")
        guard case .choice(let c)? = field(try importTask(q, language: "de").task.steps.steps[0])?.kind else { Issue.record("c"); return }
        #expect(c.choices[0].text == "Ja")
        #expect(c.choices[0].value == ["code": "y", "display": "Yes"])
    }

    @Test func adaptsSTU3AndR5ShapesAndSaysSo() throws {
        let stu3 = Fixtures.questionnaire([
            Fixtures.item("a", "boolean", ["initialBoolean": true]),
            Fixtures.item("b", "choice", ["option": [["valueString": "x"]], "enableWhen": [["question": "a", "hasAnswer": true]]]),
        ])
        let i3 = try importTask(stu3)
        #expect(i3.model.fhirVersion == .stu3)
        #expect(i3.model.item("a")?.initial == [.boolean(true)])
        #expect(i3.model.item("b")?.enableWhen == [EnableWhenCondition(question: "a", op: .exists, answer: .boolean(true))])
        #expect(i3.warnings.contains { $0.message.contains("enableWhen.hasAnswer → operator exists") })

        let r5 = Fixtures.questionnaire([Fixtures.item("c", "coding", ["answerConstraint": "optionsOrString", "answerOption": [["valueString": "x"]]])])
        let i5 = try importTask(r5)
        #expect(i5.model.fhirVersion == .r5 && i5.model.item("c")?.type == .openChoice)
    }

    @Test func unknownItemTypesAreKeptAsUnknownStepsAndReported() throws {
        let imported = try importTask(Fixtures.questionnaire([Fixtures.item("z", "question")]))
        guard case .unknown(let u)? = imported.task.steps.steps.first?.kind else { Issue.record("unknown"); return }
        #expect(u.raw["linkId"] == "z")
        #expect(imported.warnings.contains { $0.path == "item[linkId=z]" && $0.message.contains("\"question\" is not supported") })
    }

    @Test func reportsUnsupportedControlsAndExtensionsByItem() throws {
        let gtable: JSONValue = ["url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                                 "valueCodeableConcept": ["coding": [["code": "gtable"]]]]
        let imported = try importTask(Fixtures.questionnaire([
            Fixtures.item("t", "group", ["extension": [gtable, ["url": "http://example.org/custom", "valueString": "x"]],
                                         "item": [Fixtures.item("x", "string")]]),
        ]))
        #expect(imported.warnings.map(\.message) == [
            "itemControl gtable is not supported; the item is shown in the default way",
            "extension http://example.org/custom is not supported; ignored",
        ])
        #expect(imported.warnings.allSatisfy { $0.path == "item[linkId=t]" })
    }

    @Test func expressionsOutsideTheSubsetAreReportedWithTheirText() throws {
        let calc: JSONValue = ["url": "http://hl7.org/fhir/uv/sdc/StructureDefinition/sdc-questionnaire-calculatedExpression",
                               "valueExpression": ["language": "text/fhirpath", "expression": "%patient.birthDate.resolve()"]]
        let imported = try importTask(Fixtures.questionnaire([
            Fixtures.item("g", "group", ["item": [Fixtures.item("age", "integer", ["extension": [calc]])]]),
        ]))
        let w = try #require(imported.warnings.first { $0.message.contains("calculatedExpression") })
        #expect(w.path == "item[linkId=g]/item[linkId=age]")
        #expect(w.message.contains("resolve() is not supported") && w.message.hasSuffix("%patient.birthDate.resolve()"))
        #expect(w.description.hasPrefix("q.json: item[linkId=g]/item[linkId=age]: warning:"))
    }

    @Test func refusesFilesThatCannotBeRunWithEveryError() {
        #expect(throws: TaskLoadError.self) { try importTask(["resourceType": "Patient"]) }
        do {
            _ = try importTask(Fixtures.questionnaire([Fixtures.item("a", "string"), Fixtures.item("a", "integer"), ["type": "string"]]))
            Issue.record("should have failed")
        } catch {
            #expect(error.errors.map(\.path) == ["item[linkId=a]", "item[2]"])
        }
    }

    @Test func readsAQuestionnaireInsideABundleWithItsValueSets() throws {
        let vs: JSONValue = ["resourceType": "ValueSet", "url": "http://example.org/vs",
                             "expansion": ["contains": [["system": "s", "code": "1", "display": "One"]]]]
        let bundle: JSONValue = ["resourceType": "Bundle", "entry": [
            ["resource": vs], ["resource": Fixtures.questionnaire([Fixtures.item("x", "choice", ["answerValueSet": "http://example.org/vs"])])],
        ]]
        let importer = QuestionnaireImporter()
        #expect(importer.accepts(bundle))
        let imported = try importer.importQuestionnaire(from: bundle, file: file)
        guard case .choice(let c)? = field(imported.task.steps.steps[0])?.kind else { Issue.record("x"); return }
        #expect(c.choices.map(\.text) == ["One"])
        #expect(importer.model(of: imported.task)?.item("x")?.answerOptions.count == 1, "the ValueSet travels in sourceDocument")
    }
}
