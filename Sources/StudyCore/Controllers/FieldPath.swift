/// Where a field lives in a question step: its index, and inside repeating groups (nested to any
/// depth) the entry and the field of that entry at each level, outermost first.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
    /// One level inside a repeating group: an entry, and a field of that entry.
    public struct Level: Sendable, Hashable {
        /// The entry.
        public var entry: Int
        /// The field inside the entry.
        public var sub: Int

        public init(entry: Int, sub: Int) {
            self.entry = entry
            self.sub = sub
        }
    }

    /// Index in the step's fields.
    public var field: Int
    /// The levels inside repeating groups, outermost first (empty: the field itself).
    public var levels: [Level]

    /// A path to field `field`, or to field `sub` of entry `entry` of its repeating group.
    public init(field: Int, entry: Int? = nil, sub: Int? = nil) {
        self.field = field
        if let entry, let sub { levels = [Level(entry: entry, sub: sub)] } else { levels = [] }
    }

    /// A path through the given levels.
    public init(field: Int, levels: [Level]) {
        self.field = field
        self.levels = levels
    }

    /// The entry of the innermost group this path is in (nil: not in a group).
    public var entry: Int? { levels.last?.entry }
    /// The field inside that entry.
    public var sub: Int? { levels.last?.sub }

    /// The path of field `sub` of entry `entry` of the group at this path.
    public func appending(entry: Int, sub: Int) -> FieldPath {
        FieldPath(field: field, levels: levels + [Level(entry: entry, sub: sub)])
    }

    /// The path of the repeating group whose entry holds this field; nil at the top.
    public var group: FieldPath? {
        levels.isEmpty ? nil : FieldPath(field: field, levels: Array(levels.dropLast()))
    }

    public var description: String {
        ([String(field)] + levels.map { "\($0.entry).\($0.sub)" }).joined(separator: ".")
    }
}
