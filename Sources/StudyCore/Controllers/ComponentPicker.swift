import Foundation

/// A multiple-component picker: one choice per column; Left/Right change the column, Up/Down the
/// choice in it.
public struct ComponentPicker: Sendable, Equatable {
    /// The options of each column.
    public let columns: [[Choice]]
    /// The joining text, when the answer is one string.
    public let separator: String?
    /// The chosen index per column.
    public private(set) var chosen: [Int?]
    /// The column being changed.
    public private(set) var active = 0

    public init(options: MultipleComponentOptions) {
        columns = options.components
        separator = options.separator
        chosen = options.components.map { _ in nil }
    }

    /// Moves to another column; false at an edge.
    public mutating func moveColumn(_ delta: Int) -> Bool {
        let target = active + delta
        guard columns.indices.contains(target) else { return false }
        active = target
        return true
    }

    /// Moves between the columns (Tab, Shift-Tab, or where the focus arrives); false past an end.
    public mutating func movePart(_ move: PartMove) -> Bool {
        guard let target = move.target(from: active, count: columns.count) else { return false }
        active = target
        return true
    }

    /// Changes the choice in the active column by `delta`; false at an edge.
    public mutating func step(_ delta: Int) -> Bool {
        let column = columns[active]
        guard !column.isEmpty else { return false }
        let target = chosen[active].map { min(max(0, $0 + delta), column.count - 1) } ?? 0
        defer { chosen[active] = target }
        return target != chosen[active]
    }

    /// Chooses option `index` in the active column.
    public mutating func choose(_ index: Int) -> Bool {
        guard columns[active].indices.contains(index) else { return false }
        chosen[active] = index
        return true
    }

    /// Selects from an answer (an array of values, or a joined string).
    public mutating func select(value: JSONValue) {
        var parts = value.arrayValue ?? []
        if case .string(let s) = value, let separator { parts = s.components(separatedBy: separator).map { .string($0) } }
        for (i, p) in parts.enumerated() where i < columns.count {
            chosen[i] = columns[i].firstIndex { $0.value == p }
        }
    }

    /// Reads text: one option label or value per column, separated by the separator, commas or slashes.
    public mutating func setText(_ s: String) {
        var pieces = [s]
        if let separator, s.contains(separator) { pieces = s.components(separatedBy: separator) } else {
            pieces = s.split(whereSeparator: { $0 == "," || $0 == "/" }).map(String.init)
        }
        for (i, raw) in pieces.enumerated() where i < columns.count {
            let p = raw.trimmingCharacters(in: .whitespaces).lowercased()
            chosen[i] = columns[i].firstIndex { $0.text.lowercased() == p || $0.value?.displayText.lowercased() == p }
                ?? Int(p).flatMap { $0 >= 1 && $0 <= columns[i].count ? $0 - 1 : nil }
        }
    }

    /// The answer: an array of values (the validator joins it when there is a separator).
    public var json: JSONValue {
        guard chosen.contains(where: { $0 != nil }) else { return .null }
        return .array(zip(columns, chosen).map { column, i in i.flatMap { column[$0].value } ?? .null })
    }
}
