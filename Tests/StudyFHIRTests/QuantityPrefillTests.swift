import Foundation
import StudyCore
import Testing

@testable import StudyFHIR

/// A response that answers a number item with `valueQuantity` (as LHC-Forms writes it when the
/// item has a unit) prefills the number when the unit fits, and is dropped with a warning naming
/// it when it does not: a prefill answer never stops a run.
@Suite struct QuantityPrefillTests {
    static let kilogram: JSONValue = ["url": .string(FHIRExtension.unit),
                                      "valueCoding": ["system": "http://unitsofmeasure.org", "code": "kg", "display": "kilogram"]]

    static func weight(_ type: String, unit: Bool) -> JSONValue {
        RoundTripTests.item("w", type, repeats: false, unit ? ["extension": [kilogram]] : [:])
    }

    static func answer(_ quantity: JSONValue) -> JSONValue {
        RoundTripTests.response([RoundTripTests.answered("w", [["valueQuantity": quantity]])])
    }

    @Test(arguments: [
        ["value": 72.5, "unit": "kg", "system": "http://unitsofmeasure.org", "code": "kg"] as JSONValue,
        ["value": 72.5, "unit": "kg"],
        ["value": 72.5, "unit": "kilograms"],
        ["value": 72.5],
    ])
    func aDecimalItemWithOneUnitTakesTheQuantitysValue(_ quantity: JSONValue) throws {
        let outcome = try RoundTrip.run(RoundTripTests.questionnaire([Self.weight("decimal", unit: true)]), Self.answer(quantity))
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(outcome.diagnostics.isEmpty)
        #expect(RoundTrip.answers(outcome.rebuilt) == ["/w[0] answer[0] = {\"valueDecimal\":72.5}"])
    }

    @Test func anIntegerItemTakesAWholeQuantity() throws {
        let outcome = try RoundTrip.run(RoundTripTests.questionnaire([Self.weight("integer", unit: true)]),
                                        Self.answer(["value": 72, "code": "kg", "system": "http://unitsofmeasure.org"]))
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(RoundTrip.answers(outcome.rebuilt) == ["/w[0] answer[0] = {\"valueInteger\":72}"])
    }

    @Test(arguments: [(true, "[lb_av]"), (false, "kg")])
    func aQuantityInAnotherUnitIsDroppedWithAWarningAndTheRunGoesOn(_ unit: Bool, _ code: String) throws {
        let outcome = try RoundTrip.run(RoundTripTests.questionnaire([Self.weight("decimal", unit: unit)]),
                                        Self.answer(["value": 160, "unit": .string(code), "system": "http://unitsofmeasure.org", "code": .string(code)]))
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(RoundTrip.answers(outcome.rebuilt).isEmpty)
        #expect(outcome.diagnostics.count == 1)
        let message = outcome.diagnostics.first?.message ?? ""
        #expect(message.contains("160 \(code)") && message.contains("\"w\"") && message.contains("dropped"), "\(message)")
    }

    @Test func aNumberItemAnsweredWithTextIsDroppedWithAWarning() throws {
        let r = RoundTripTests.response([RoundTripTests.answered("w", [["valueString": "heavy"]])])
        let outcome = try RoundTrip.run(RoundTripTests.questionnaire([Self.weight("decimal", unit: true)]), r)
        #expect(outcome.error == nil, "\(outcome.error ?? "")")
        #expect(outcome.diagnostics.first?.message.contains("does not answer the decimal item \"w\"") == true)
    }
}
