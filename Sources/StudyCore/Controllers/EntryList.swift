/// The entries of a repeating group ("Medication 2 of 3") or of a repeating field: each entry
/// has an editor per field; entries are added and removed.
public struct EntryList: Sendable, Equatable {
    /// The fields of one entry.
    public let fields: [InputField]
    /// The label of one entry ("Medication").
    public let itemLabel: String
    /// True for a group (answers are objects); false for a repeating field (plain values).
    public let isGroup: Bool
    public let minimumCount: Int
    public let maximumCount: Int?
    /// The editors, per entry.
    public internal(set) var entries: [[FieldEditor]] = []

    public init(fields: [InputField], itemLabel: String, isGroup: Bool, minimumCount: Int, maximumCount: Int?) {
        self.fields = fields
        self.itemLabel = itemLabel
        self.isGroup = isGroup
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        for _ in 0..<max(1, minimumCount) { entries.append(fields.map { FieldEditor(field: $0) }) }
    }

    /// True when another entry may be added.
    public var canAdd: Bool { maximumCount.map { entries.count < $0 } ?? true }

    /// Adds an empty entry; false when the maximum is reached.
    mutating func add() -> Bool {
        guard canAdd else { return false }
        entries.append(fields.map { FieldEditor(field: $0) })
        return true
    }

    /// Removes an entry; false when it does not exist.
    mutating func remove(_ index: Int) -> Bool {
        guard entries.indices.contains(index) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Loads an answer: an array of objects (group) or of values.
    mutating func load(_ value: JSONValue) {
        guard let items = value.arrayValue else { return }
        entries = items.map { item in
            fields.map { f in FieldEditor(field: f, value: isGroup ? (item[f.identifier] ?? .null) : item) }
        }
        if entries.isEmpty { entries = [fields.map { FieldEditor(field: $0) }] }
    }

    /// The "Medication 2 of 3" heading of an entry; a label that ends in a number reads
    /// "Repeatable group 1, entry 2 of 3", not "Repeatable group 1 2 of 3".
    public func heading(_ index: Int) -> String {
        let position = "\(index + 1) of \(entries.count)"
        return itemLabel.last?.isNumber == true ? "\(itemLabel), entry \(position)" : "\(itemLabel) \(position)"
    }

    /// The answer: objects keyed by field identifier, or the values; entries left empty are dropped,
    /// and so are the answers of fields disabled in their entry.
    public var json: JSONValue { answer.value }

    /// ``json``, with the identifiers of the fields disabled in each of its objects (in order).
    public var answer: (value: JSONValue, disabled: [Set<String>]) {
        var out: [JSONValue] = []
        var disabled: [Set<String>] = []
        for entry in entries {
            if isGroup {
                var o: [String: JSONValue] = [:]
                for e in entry where e.rawValue != .null && !e.isDisabled { o[e.field.identifier] = e.rawValue }
                if !o.isEmpty {
                    out.append(.object(o))
                    disabled.append(Set(entry.filter(\.isDisabled).map(\.field.identifier)))
                }
            } else if let v = entry.first?.rawValue, v != .null {
                out.append(v)
                disabled.append([])
            }
        }
        return (out.isEmpty ? .null : .array(out), disabled)
    }

    /// Everything entered in entry `index`, disabled fields too: what conditions read when they are
    /// evaluated for that entry alone (they leave out disabled answers themselves).
    func answer(ofEntry index: Int) -> JSONValue {
        var o: [String: JSONValue] = [:]
        for e in entries[index] where e.rawValue != .null { o[e.field.identifier] = e.rawValue }
        return o.isEmpty ? .null : .object(o)
    }

    /// Marks field `sub` of entry `entry` disabled or not; true when that changed.
    mutating func setDisabled(_ disabled: Bool, entry: Int, sub: Int) -> Bool {
        guard entries[entry][sub].isDisabled != disabled else { return false }
        entries[entry][sub].isDisabled = disabled
        return true
    }
}
