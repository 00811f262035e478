import Foundation

/// A size in terminal cells.
public struct Size: Sendable, Hashable, Codable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size of `width` columns by `height` rows (negative values count as 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Width × height, the number of cells.
    public var area: Int { width * height }
}
