import Foundation

/// A rectangle of cells: an origin (top-left) and a size.
public struct Rect: Sendable, Hashable, Codable {
    /// The top-left cell.
    public var origin: Point
    /// Columns and rows covered.
    public var size: Size

    /// A rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its top-left corner and dimensions.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The first column.
    public var minX: Int { origin.x }
    /// The first row.
    public var minY: Int { origin.y }
    /// One past the last column.
    public var maxX: Int { origin.x + size.width }
    /// One past the last row.
    public var maxY: Int { origin.y + size.height }
    /// Columns covered.
    public var width: Int { size.width }
    /// Rows covered.
    public var height: Int { size.height }
    /// True when no cell is covered.
    public var isEmpty: Bool { size.area == 0 }

    /// True when `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The cells covered by both rectangles (empty when they do not overlap).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// This rectangle shrunk by `dx` columns on each side and `dy` rows at top and bottom.
    public func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}
