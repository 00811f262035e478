import Foundation

/// A cell position: `x` is the column, `y` the row, both from the top-left corner at 0.
public struct Point: Sendable, Hashable, Codable {
    /// Column, counted from 0 at the left.
    public var x: Int
    /// Row, counted from 0 at the top.
    public var y: Int

    /// A point at column `x`, row `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// This point moved by `dx` columns and `dy` rows.
    public func offset(dx: Int = 0, dy: Int = 0) -> Point {
        Point(x: x + dx, y: y + dy)
    }
}

/// Where the hardware cursor goes, in screen coordinates (screen readers and Braille follow it).
public typealias CursorPosition = Point
