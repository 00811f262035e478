import Foundation
import StudyCore
import Testing

/// Tab and Shift-Tab go through the parts of an entry before they leave it.
@Suite struct EntryPartsTests {
    let context = EditContext(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)

    @Test func aDurationsPartsAreVisitedInTurnAndTheEdgesLetTheFocusGo() {
        var e = FieldEditor(field: InputField(identifier: "d", kind: .duration(DurationOptions(units: [.hour, .minute, .second]))))
        #expect(e.apply(.part(.next), context: context) == .moved)
        #expect(e.apply(.part(.next), context: context) == .moved)
        #expect(e.apply(.part(.next), context: context) == .unhandled)
        _ = e.apply(.insert("9"), context: context)
        #expect(e.rawValue == 9)
        #expect(e.apply(.part(.first), context: context) == .moved)
        #expect(e.apply(.part(.previous), context: context) == .unhandled)
        _ = e.apply(.insert("1"), context: context)
        #expect(e.rawValue == 3609)
    }

    @Test func aPickersColumnsAreVisitedInTurn() {
        let columns = [[Choice(value: "soup", text: "soup")], [Choice(value: "tea", text: "tea"), Choice(value: "water", text: "water")]]
        var e = FieldEditor(field: InputField(identifier: "c", kind: .multipleComponent(MultipleComponentOptions(components: columns))))
        #expect(e.apply(.part(.last), context: context) == .moved)
        _ = e.apply(.insert("2"), context: context)
        #expect(e.apply(.part(.next), context: context) == .unhandled)
        #expect(e.apply(.part(.previous), context: context) == .moved)
        _ = e.apply(.insert("1"), context: context)
        #expect(e.rawValue == ["soup", "water"])
    }

    @Test func fieldsOfOnePartLetTheFocusGo() {
        var e = FieldEditor(field: InputField(identifier: "t", kind: .text(TextOptions())))
        #expect(e.apply(.part(.next), context: context) == .unhandled)
    }
}
