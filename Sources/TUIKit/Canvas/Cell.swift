import Foundation

/// One terminal cell: a display unit (base character plus combining marks) and its role.
///
/// A wide character occupies two cells: its own (``isWide``) and a continuation cell to the
/// right that holds a space and is never written to the terminal on its own.
public struct Cell: Sendable, Hashable {
    /// The display unit drawn here (a space for blank and continuation cells).
    public var character: Character
    /// How the cell is styled.
    public var role: StyleRole
    /// True for the first cell of a two-column character.
    public var isWide: Bool
    /// True for the second cell of a two-column character.
    public var isContinuation: Bool

    /// A cell holding `character` (already a single display unit) in `role`.
    public init(_ character: Character, role: StyleRole = .normal, isWide: Bool = false) {
        self.character = character
        self.role = role
        self.isWide = isWide
        self.isContinuation = false
    }

    /// An empty cell in `role`.
    public static func blank(_ role: StyleRole = .normal) -> Cell {
        Cell(" ", role: role)
    }

    /// The right half of a wide character drawn in `role`.
    public static func continuation(_ role: StyleRole) -> Cell {
        var cell = Cell(" ", role: role)
        cell.isContinuation = true
        return cell
    }
}
