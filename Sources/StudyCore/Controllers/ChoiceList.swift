import Foundation

/// A list of options: a radio list (one answer), a check list (several, with exclusive options),
/// an optional free-text "Other" row, a filter typed into long lists, and a picker that stays
/// collapsed until opened.
public struct ChoiceList: Sendable, Equatable {
    /// The options, in file order.
    public let choices: [Choice]
    /// Several may be chosen.
    public let allowsMultiple: Bool
    /// The free-text option, shown after the others.
    public let other: OtherOption?
    /// Chosen option indexes (`choices.count` stands for Other).
    public private(set) var selected: Set<Int> = []
    /// The Other text.
    public var otherText = TextBuffer()
    /// The highlighted row, an index into `visibleRows`.
    public private(set) var highlight = 0
    /// True once the participant moved the highlight (arrows, Home/End, a filter, a click) or an
    /// answer put it on a chosen option. A highlight resting where the list starts is not a
    /// choice: Enter takes the highlighted option only when this is true.
    public private(set) var isHighlightPlaced = false
    /// The filter typed so far.
    public private(set) var filter = "" { didSet { matches.update(to: filter, in: choices) } }
    /// The options matching the filter, narrowed as it grows.
    private(set) var matches = ChoiceFilter()
    /// Typing filters the list (long lists and pickers).
    public let isFilterable: Bool
    /// Nil for a plain list; for a picker, whether it is showing only the chosen value.
    public private(set) var isCollapsed: Bool?

    /// Lists longer than this filter as you type.
    public static let filterThreshold = 10

    public init(choices: [Choice], allowsMultiple: Bool, other: OtherOption? = nil, isPicker: Bool = false) {
        self.choices = choices
        self.allowsMultiple = allowsMultiple
        self.other = other
        isFilterable = choices.count > Self.filterThreshold
        isCollapsed = isPicker && !allowsMultiple ? true : nil
        if isFilterable || isCollapsed != nil { matches.prepare(choices) }
    }

    /// The index that stands for Other.
    public var otherIndex: Int { choices.count }

    /// The rows shown: option indexes matching the filter, then Other.
    public var visibleRows: [Int] {
        var rows = matches.rows(for: filter, in: choices)
        if other != nil { rows.append(otherIndex) }
        return rows
    }

    /// The option index of the highlighted row.
    public var highlightedIndex: Int? {
        let rows = visibleRows
        return rows.indices.contains(highlight) ? rows[highlight] : nil
    }

    /// The label of a row.
    public func label(_ index: Int) -> String {
        index == otherIndex ? (other?.label ?? "Other") : choices[index].text
    }

    /// True when Other is chosen and the highlight is on it, so typing goes to its text.
    public var isEditingOther: Bool { other != nil && highlightedIndex == otherIndex && selected.contains(otherIndex) }

    /// The answer: the chosen value (single), the array of values (multiple), nil when nothing is chosen.
    /// A check list whose only tick is an option without a value ("None of these") answers with
    /// an empty array: the participant said none, which is not the same as no answer.
    public var value: JSONValue {
        let values: [JSONValue] = selected.sorted().compactMap { i in
            i == otherIndex ? (otherText.isEmpty ? nil : .string(otherText.text)) : choices[i].value
        }
        if allowsMultiple {
            if values.isEmpty { return selected.contains { $0 != otherIndex && isExclusive($0) } ? .array([]) : .null }
            return .array(values)
        }
        return values.first ?? .null
    }

    /// Selects the options whose values match `value` (an array for multiple choice).
    public mutating func select(value: JSONValue) {
        selected = []
        for v in value.arrayValue ?? [value] where v != .null {
            if let i = choices.firstIndex(where: { $0.value.map { RuleEvaluator.equal($0, v, 1e-9) } ?? false }) {
                selected.insert(i)
            } else if other != nil, case .string(let s) = v {
                selected.insert(otherIndex)
                otherText.setText(s)
            }
        }
        if let first = selected.min(), let row = visibleRows.firstIndex(of: first) {
            highlight = row
            isHighlightPlaced = true
        }
    }

    /// Moves the highlight by `delta` rows; false at an edge (the highlight counts as placed
    /// either way: the participant is looking at the row it rests on).
    @discardableResult
    public mutating func moveHighlight(_ delta: Int) -> Bool {
        let count = visibleRows.count
        guard count > 0 else { return false }
        let target = min(max(0, highlight + delta), count - 1)
        isHighlightPlaced = true
        defer { highlight = target }
        return target != highlight
    }

    /// Highlights the first (`toEnd` false) or last row.
    public mutating func highlightEdge(toEnd: Bool) {
        highlight = toEnd ? max(0, visibleRows.count - 1) : 0
        isHighlightPlaced = true
    }

    /// Toggles (multiple) or chooses (single) the option at `index`, honouring exclusive options.
    public mutating func toggle(_ index: Int) {
        if !allowsMultiple {
            selected = [index]
            return
        }
        let all = choices.indices.filter { choices[$0].selectsAll }
        if selected.contains(index) {
            selected.remove(index)
            if choices.indices.contains(index), choices[index].selectsAll {
                selected.subtract(ordinaryOptions)    // unticking "All of the above" unticks them all
            } else {
                selected.subtract(all)                // one fewer: no longer all of them
            }
            return
        }
        if isExclusive(index) {
            selected = [index]
        } else if choices.indices.contains(index), choices[index].selectsAll {
            selected = selected.filter { !isExclusive($0) }.union(ordinaryOptions).union(all)
        } else {
            selected = selected.filter { !isExclusive($0) }
            selected.insert(index)
            if !all.isEmpty, ordinaryOptions.isSubset(of: selected) { selected.formUnion(all) }
        }
    }

    /// The options "All of the above" ticks: every option that is neither exclusive nor "all".
    var ordinaryOptions: Set<Int> {
        Set(choices.indices.filter { !isExclusive($0) && !choices[$0].selectsAll })
    }

    /// An option that clears the others when chosen ("None of the above", or a no-value option
    /// other than "All of the above").
    public func isExclusive(_ index: Int) -> Bool {
        index != otherIndex && !choices[index].selectsAll && (choices[index].isExclusive || choices[index].value == nil)
    }

    /// Toggles the highlighted row.
    public mutating func toggleHighlighted() {
        if let i = highlightedIndex { toggle(i) }
    }

    /// The option Enter takes: the highlighted one, once the participant placed the highlight.
    public var optionForEnter: Int? { isHighlightPlaced ? highlightedIndex : nil }

    /// Adds to the filter (the highlight goes to the first match); false when the list does not filter.
    @discardableResult
    public mutating func appendFilter(_ c: Character) -> Bool {
        guard isFilterable || isCollapsed != nil else { return false }
        filter.append(c)
        highlight = 0
        isHighlightPlaced = true   // on the first match of what the participant typed
        if isCollapsed == true { isCollapsed = false }
        return true
    }

    /// Removes the filter's last character; false when it is empty.
    @discardableResult
    public mutating func dropFilterCharacter() -> Bool {
        guard !filter.isEmpty else { return false }
        filter.removeLast()
        highlight = 0
        isHighlightPlaced = !filter.isEmpty
        return true
    }

    /// What Esc closes first: the typed filter, then an open drop-down (nil: nothing is open).
    public var innermostOpen: OpenPart? {
        if !filter.isEmpty { return .filter }
        return isCollapsed == false ? .list : nil
    }

    /// A part of the list that Esc closes.
    public enum OpenPart: Sendable, Equatable {
        case filter, list
    }

    /// Closes the innermost open part (see ``innermostOpen``); false when nothing is open.
    public mutating func closeInnermost() -> Bool {
        switch innermostOpen {
        case .filter?:
            filter = ""
            placeHighlightOnChoice()
            return true
        case .list?:
            setCollapsed(true)
            return true
        case nil:
            return false
        }
    }

    /// Opens (false) or collapses (true) a picker; the filter is cleared when it collapses.
    public mutating func setCollapsed(_ collapsed: Bool) {
        guard isCollapsed != nil else { return }
        isCollapsed = collapsed
        if collapsed { filter = "" }
        guard !collapsed else { return }
        placeHighlightOnChoice()
    }

    /// Highlights the first chosen option, or rests on the first row unplaced when none is.
    private mutating func placeHighlightOnChoice() {
        highlight = 0
        isHighlightPlaced = false
        if let first = selected.min(), let row = visibleRows.firstIndex(of: first) {
            highlight = row
            isHighlightPlaced = true
        }
    }

    /// Steps a single choice to the previous (-1) or next (+1) option, as a collapsed picker does;
    /// in a list that shows its rows the highlight moves with the choice, among the rows shown.
    public mutating func step(_ delta: Int) -> Bool {
        if isCollapsed != true { return stepShown(delta) }
        guard !choices.isEmpty else { return false }
        let current = selected.first(where: { $0 != otherIndex })
        let target = current.map { min(max(0, $0 + delta), choices.count - 1) } ?? (delta > 0 ? 0 : choices.count - 1)
        guard target != current else { return false }
        selected = [target]
        return true
    }

    /// Steps the choice among the rows shown (the filter's matches, Other left out) and puts the
    /// highlight on it, so that Enter confirms what Left/Right chose.
    private mutating func stepShown(_ delta: Int) -> Bool {
        let rows = visibleRows
        let options = rows.filter { $0 != otherIndex }
        guard !options.isEmpty else { return false }
        let current = selected.first(where: { $0 != otherIndex }).flatMap { options.firstIndex(of: $0) }
        let target = current.map { min(max(0, $0 + delta), options.count - 1) } ?? (delta > 0 ? 0 : options.count - 1)
        guard target != current else { return false }
        selected = [options[target]]
        highlight = rows.firstIndex(of: options[target]) ?? highlight
        isHighlightPlaced = true
        return true
    }

    /// Highlights a row of `visibleRows`.
    public mutating func highlightRow(_ row: Int) {
        guard visibleRows.indices.contains(row) else { return }
        highlight = row
        isHighlightPlaced = true
    }

    /// Reads typed text (line mode): numbers of the rows shown ("2", "1,3") or option labels;
    /// other text becomes the Other answer when there is one. False when it cannot be read.
    public mutating func setText(_ s: String) -> Bool {
        let trimmed = s.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            selected = []
            return true
        }
        var parts = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let words = trimmed.split(separator: " ").map(String.init)
        if parts.count == 1, words.count > 1, words.allSatisfy({ Int($0) != nil }) { parts = words }
        let rows = visibleRows
        var chosen: Set<Int> = []
        var otherValue: String?
        for p in parts {
            if let n = Int(p) {
                guard n >= 1, n <= rows.count, rows[n - 1] != otherIndex else { return false }
                chosen.insert(rows[n - 1])
            } else if let i = choices.firstIndex(where: { $0.text.lowercased() == p.lowercased() }) {
                chosen.insert(i)
            } else if other != nil {
                otherValue = p
                chosen.insert(otherIndex)
            } else {
                return false
            }
        }
        guard allowsMultiple || chosen.count <= 1 else { return false }
        // Ticked one by one, as the keys would: "All of the above" ticks the rest, "None" clears.
        selected = []
        for i in chosen.sorted() where !selected.contains(i) { toggle(i) }
        if let otherValue { otherText.setText(otherValue) }
        return true
    }
}
