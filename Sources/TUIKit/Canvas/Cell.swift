import Foundation

/// One terminal cell: a display unit (base character plus combining marks) and its role.
///
/// A wide character occupies two cells: its own (``isWide``) and a continuation cell to the
/// right that holds a space and is never written to the terminal on its own.
///
/// The unit is stored inline as up to five Unicode scalars (what a curses cell holds: a base
/// and four marks), so a cell is plain data: clearing, copying and comparing a screen of them
/// touches no reference counts and no Unicode tables.
public struct Cell: Sendable, Hashable {
    /// The unit's scalars, base first; unused slots are 0 (a NUL is never stored).
    private var base: UInt32
    private var marks: (UInt32, UInt32, UInt32, UInt32)
    /// How the cell is styled.
    public var role: StyleRole
    /// True for the first cell of a two-column character.
    public var isWide: Bool
    /// True for the second cell of a two-column character.
    public var isContinuation: Bool
    /// Fills the last byte, so a cell has no padding and equal cells have equal bytes
    /// (``Canvas`` compares rows with `memcmp`).
    private var spare: UInt8 = 0

    /// A cell holding `character` (already a single display unit) in `role`.
    ///
    /// Marks beyond the fourth are dropped, as curses would.
    public init(_ character: Character, role: StyleRole = .normal, isWide: Bool = false) {
        var scalars = character.unicodeScalars.makeIterator()
        base = scalars.next()?.value ?? 0x20
        marks = (scalars.next()?.value ?? 0, scalars.next()?.value ?? 0,
                 scalars.next()?.value ?? 0, scalars.next()?.value ?? 0)
        self.role = role
        self.isWide = isWide
        self.isContinuation = false
    }

    /// A cell holding one printable ASCII byte; the renderer's fast path.
    init(ascii: UInt8, role: StyleRole) {
        base = UInt32(ascii)
        marks = (0, 0, 0, 0)
        self.role = role
        isWide = false
        isContinuation = false
    }

    /// An empty cell in `role`.
    public static func blank(_ role: StyleRole = .normal) -> Cell {
        Cell(ascii: 0x20, role: role)
    }

    /// The right half of a wide character drawn in `role`.
    public static func continuation(_ role: StyleRole) -> Cell {
        var cell = Cell(ascii: 0x20, role: role)
        cell.isContinuation = true
        return cell
    }

    /// The display unit drawn here (a space for blank and continuation cells).
    public var character: Character {
        var text = String.UnicodeScalarView()
        for value in scalarValues { if let scalar = Unicode.Scalar(value) { text.append(scalar) } }
        return Character(String(text))
    }

    /// The first scalar's value.
    public var baseValue: UInt32 { base }

    /// True when the unit is a single scalar (no combining marks).
    public var isSingleScalar: Bool { marks.0 == 0 }

    /// The unit's scalar values, base first.
    public var scalarValues: [UInt32] {
        [base, marks.0, marks.1, marks.2, marks.3].prefix { $0 != 0 }.map { $0 }
    }

    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.base == rhs.base && lhs.marks == rhs.marks && lhs.role == rhs.role
            && lhs.isWide == rhs.isWide && lhs.isContinuation == rhs.isContinuation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(base)
        hasher.combine(marks.0)
        hasher.combine(marks.1)
        hasher.combine(marks.2)
        hasher.combine(marks.3)
        hasher.combine(role)
        hasher.combine(isWide)
        hasher.combine(isContinuation)
    }
}
