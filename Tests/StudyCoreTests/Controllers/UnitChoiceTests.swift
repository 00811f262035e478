import Foundation
import Testing

@testable import StudyCore

/// A number with a choice of units: PgUp/PgDn choose the unit, the answer carries it, and the
/// validator takes an object, "160 lb" or a plain number (in the first unit).
@Suite struct UnitChoiceTests {
    let context = EditContext(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)
    let validator = AnswerValidator(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)
    let kg = UnitChoice(label: "kg", code: "kg", system: "http://unitsofmeasure.org")
    let lb = UnitChoice(label: "lb", code: "[lb_av]", system: "http://unitsofmeasure.org")

    private func field(minimum: Double? = nil, maximum: Double? = nil) -> InputField {
        var o = NumberOptions(minimum: minimum, maximum: maximum, unit: "kg")
        o.units = [kg, lb]
        return InputField(identifier: "w", kind: .decimal(o))
    }

    @Test func pageDownChoosesTheNextUnitAndTheAnswerCarriesIt() {
        var e = FieldEditor(field: field())
        for c in "160" { _ = e.apply(.insert(c), context: context) }
        #expect(e.chosenUnit == kg)
        #expect(e.apply(.pageDown, context: context) == .changed)
        #expect(e.chosenUnit == lb)
        #expect(e.validated(by: validator) == .success(["value": .double(160), "unit": "lb", "code": "[lb_av]", "system": "http://unitsofmeasure.org"]))
        _ = e.apply(.pageDown, context: context)
        #expect(e.chosenUnit == kg, "the choice wraps around")
        _ = e.apply(.pageUp, context: context)
        #expect(e.chosenUnit == lb)
    }

    @Test func aLoadedAnswerChoosesItsUnit() {
        let e = FieldEditor(field: field(), value: ["value": 72.5, "unit": "lb", "code": "[lb_av]"])
        #expect(e.chosenUnit == lb)
        #expect(e.rawValue["value"] == "72.5")
    }

    @Test func theValidatorTakesObjectsTypedUnitsAndPlainNumbers() {
        let f = field()
        #expect(validator.validate("160 lb", for: f) == .success(["value": .double(160), "unit": "lb", "code": "[lb_av]", "system": "http://unitsofmeasure.org"]))
        #expect(validator.validate(70, for: f) == .success(["value": 70, "unit": "kg", "code": "kg", "system": "http://unitsofmeasure.org"]))
        #expect(validator.validate(["value": 3, "code": "kg"], for: f) == .success(["value": 3, "unit": "kg", "code": "kg", "system": "http://unitsofmeasure.org"]))
        guard case .failure(let m) = validator.validate(["value": 3, "unit": "stone"], for: f) else { Issue.record("accepted"); return }
        #expect(m.text == "Choose one of the units: kg, lb.")
    }

    @Test func boundsApplyToTheFirstUnitOnly() {
        let f = field(minimum: 20, maximum: 200)
        #expect((try? validator.validate("300 lb", for: f).get()) != nil)
        #expect((try? validator.validate("300", for: f).get()) == nil)
    }
}
