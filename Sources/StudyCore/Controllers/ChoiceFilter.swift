import Foundation

/// The options that match a choice list's filter, narrowed as the participant types: each added
/// character searches only the previous matches, and each removed one goes back to the matches it
/// had, so a key costs the matches left, not the length of the list (100,000 options).
struct ChoiceFilter: Sendable, Equatable {
    /// Lowercased option texts as UTF-8, made when the filter is first used (nil entries: not
    /// ASCII, searched as Strings so that a typed letter never matches half of a combined one).
    private var folded: Folded?
    /// The matches of each filter typed on the way to the current one (the last is current).
    private var steps: [(filter: String, rows: [Int])] = []
    /// How many options the last update searched (the tests check that it is the previous matches).
    private(set) var searchedLast = 0

    static func == (lhs: ChoiceFilter, rhs: ChoiceFilter) -> Bool {
        lhs.steps.map(\.filter) == rhs.steps.map(\.filter)
    }

    /// The option indexes matching `filter` (every option for an empty filter).
    func rows(for filter: String, in choices: [Choice]) -> [Int] {
        if filter.isEmpty { return Array(choices.indices) }
        if let last = steps.last, last.filter == filter { return last.rows }
        return Self.search(filter, in: Array(choices.indices), folded ?? Folded(choices))
    }

    /// Folds the texts now (when the list is shown), so that the first key typed costs only its
    /// search: a 100,000-option list folds in about 10 ms once.
    mutating func prepare(_ choices: [Choice]) {
        if folded == nil { folded = Folded(choices) }
    }

    /// Brings the matches to `filter`, reusing the matches of a filter it extends.
    mutating func update(to filter: String, in choices: [Choice]) {
        if filter.isEmpty { steps.removeAll(); return }
        while let last = steps.last, !(filter.hasPrefix(last.filter) && filter.count > last.filter.count), last.filter != filter {
            steps.removeLast()   // typed back past it
        }
        if steps.last?.filter == filter { return }
        if folded == nil { folded = Folded(choices) }
        let base = steps.last?.rows ?? Array(choices.indices)
        searchedLast = base.count
        steps.append((filter, Self.search(filter, in: base, folded!)))
    }

    private static func search(_ filter: String, in base: [Int], _ folded: Folded) -> [Int] {
        let needle = filter.lowercased()
        let bytes = Array(needle.utf8)
        let asciiNeedle = bytes.allSatisfy { $0 < 0x80 }
        return base.filter { i in
            if asciiNeedle, let text = folded.ascii[i] { return Self.contains(text, bytes) }
            return folded.strings[i].contains(needle)
        }
    }

    /// Whether `needle` occurs in `text` (bytes).
    private static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard text.count >= needle.count else { return false }
        var i = 0
        let last = text.count - needle.count
        while i <= last {
            if text[i] == first {
                var k = 1
                while k < needle.count, text[i + k] == needle[k] { k += 1 }
                if k == needle.count { return true }
            }
            i += 1
        }
        return false
    }

    /// The option texts folded to lower case once.
    private struct Folded: Sendable {
        /// ASCII texts as bytes (nil for the others).
        var ascii: [[UInt8]?]
        /// Every text, lowercased.
        var strings: [String]

        init(_ choices: [Choice]) {
            ascii = []
            strings = []
            ascii.reserveCapacity(choices.count)
            strings.reserveCapacity(choices.count)
            for choice in choices {
                let utf8 = Array(choice.text.utf8)
                if utf8.allSatisfy({ $0 < 0x80 }) {
                    let lower = utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
                    ascii.append(lower)
                    strings.append("")   // not needed: ASCII needles search the bytes
                } else {
                    ascii.append(nil)
                    strings.append(choice.text.lowercased())
                }
            }
        }
    }
}
