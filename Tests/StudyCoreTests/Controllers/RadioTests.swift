import Foundation
import Testing
@testable import StudyCore

/// A radio list keeps its choice: choosing the chosen option again (Space, its number, a click)
/// leaves it chosen, also when it is the only option, so an answer is never taken back by a second
/// press. Changing the answer means choosing another option (or skipping an optional question).
@Suite struct RadioTests {
    @Test func aLoneRadioOptionCannotBeUnticked() {
        var list = ChoiceList(choices: [Choice(value: "yes", text: "Yes, I agree")], allowsMultiple: false)
        list.toggle(0)
        #expect(list.value == "yes")
        list.toggle(0)
        #expect(list.value == "yes", "a second press keeps the one option chosen")
        #expect(list.selected == [0])
    }

    @Test func choosingAnotherRadioOptionMovesTheChoice() {
        var list = ChoiceList(choices: [Choice(value: 1, text: "One"), Choice(value: 2, text: "Two")], allowsMultiple: false)
        list.toggle(0)
        list.toggle(1)
        #expect(list.value == 2)
        list.toggle(1)
        #expect(list.value == 2)
    }
}
