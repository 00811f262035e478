import Foundation
import Testing
@testable import StudyCore

/// Filtering a long list is incremental (issue 15, point 13) and always shows exactly the options a
/// search of the whole list would.
@Suite struct ChoiceFilterTests {
    private static let words = ["apple", "Apricot", "banana", "Blueberry", "cherry", "Ćevapi", "date", "élan", "Fig", "grape"]

    private func list(_ count: Int) -> ChoiceList {
        let choices = (0..<count).map { i in
            Choice(value: .int(i), text: "\(Self.words[i % Self.words.count]) \(i)")
        }
        return ChoiceList(choices: choices, allowsMultiple: false)
    }

    private func fullSearch(_ list: ChoiceList) -> [Int] {
        let needle = list.filter.lowercased()
        return list.choices.indices.filter { needle.isEmpty || list.choices[$0].text.lowercased().contains(needle) }
    }

    @Test func typingAndDeletingShowsWhatAFullSearchShows() {
        var l = list(2_000)
        var generator = SystemRandomNumberGenerator()
        let keys: [Character] = ["a", "p", "r", "1", "2", " ", "e", "\u{301}", "b", "É"]
        for _ in 0..<400 {
            if Int.random(in: 0..<3, using: &generator) == 0 { l.dropFilterCharacter() } else { l.appendFilter(keys.randomElement(using: &generator)!) }
            #expect(l.visibleRows == fullSearch(l), "filter \(l.filter)")
        }
    }

    @Test func aKeyInAHundredThousandOptionListSearchesOnlyThePreviousMatches() {
        var l = list(100_000)
        l.appendFilter("b")        // the first key reads every option once
        #expect(l.matches.searchedLast == 100_000)
        let afterFirst = l.visibleRows.count
        l.appendFilter("a")
        #expect(l.matches.searchedLast == afterFirst, "the second key searches the 'b' matches only")
        #expect(l.visibleRows == fullSearch(l))
        l.dropFilterCharacter()
        #expect(l.visibleRows.count == afterFirst, "deleting goes back to the matches it had")
        #expect(l.visibleRows == fullSearch(l))
    }
}
