import Foundation

/// An off-screen grid of cells that screens draw into; the terminal shows it once per frame.
///
/// Drawing uses *local* coordinates of the current region: the whole canvas at first, or a
/// sub-rectangle inside ``withRegion(_:_:)``. Everything drawn is clipped to that region.
/// Wide characters keep a continuation cell to their right; overwriting either half blanks the
/// other, so the grid always describes what a terminal would show.
public struct Canvas: Sendable, Hashable {
    /// The whole canvas, in cells (``width`` and ``height`` are those of the current region).
    public private(set) var size: Size
    /// Row-major cells, `size.area` of them.
    private(set) var cells: [Cell]
    /// Absolute position of local (0, 0).
    private(set) var origin: Point = .zero
    /// The absolute rectangle drawing is clipped to.
    private(set) var clip: Rect
    /// The local size of the current region (may extend past the clip).
    private var regionSize: Size

    /// A blank canvas of `width` × `height` cells.
    public init(width: Int, height: Int) {
        self.init(size: Size(width: width, height: height))
    }

    /// A blank canvas of the given size.
    public init(size: Size) {
        self.size = size
        self.cells = Array(repeating: .blank(), count: size.area)
        self.clip = Rect(origin: .zero, size: size)
        self.regionSize = size
    }

    /// Columns of the current region (the whole canvas outside ``withRegion(_:_:)``).
    public var width: Int { regionSize.width }
    /// Rows of the current region (the whole canvas outside ``withRegion(_:_:)``).
    public var height: Int { regionSize.height }

    /// The current region in local coordinates: origin (0, 0) and the region's size.
    public var bounds: Rect { Rect(origin: .zero, size: regionSize) }

    /// The cell at absolute column `x`, row `y`; out of range reads as blank.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank() }
        return cells[y * size.width + x]
    }

    /// All cells of absolute row `y`, left to right.
    public func row(_ y: Int) -> ArraySlice<Cell> {
        cells[(y * size.width)..<((y + 1) * size.width)]
    }

    /// Converts a local point of the current region to absolute screen coordinates.
    ///
    /// Use it for the cursor position a render function returns.
    public func absolute(_ local: Point) -> Point {
        Point(x: origin.x + local.x, y: origin.y + local.y)
    }

    /// Blanks every cell (whatever region is current) with `role`.
    public mutating func clear(role: StyleRole = .normal) {
        for index in cells.indices { cells[index] = .blank(role) }
    }

    /// Changes the size and blanks the canvas; the region resets to the whole canvas.
    public mutating func resize(to newSize: Size) {
        self = Canvas(size: newSize)
    }

    /// Runs `draw` with `rect` (local to the current region) as the region: inside it, (0, 0) is
    /// the rectangle's top-left and drawing is clipped to it.
    public mutating func withRegion(_ rect: Rect, _ draw: (inout Canvas) -> Void) {
        let saved = (origin, clip, regionSize)
        origin = absolute(rect.origin)
        clip = clip.intersection(Rect(origin: origin, size: rect.size))
        regionSize = rect.size
        draw(&self)
        (origin, clip, regionSize) = saved
    }

    /// Writes one display unit at absolute `(x, y)` if it lies inside the clip.
    ///
    /// A wide unit needs both columns inside the clip; when only one is, that column becomes a
    /// space instead. Half of a wide character overwritten elsewhere is blanked.
    mutating func setUnit(_ unit: Character, wide: Bool, x: Int, y: Int, role: StyleRole) {
        guard y >= clip.minY, y < clip.maxY else { return }
        let inLeft = x >= clip.minX && x < clip.maxX
        let inRight = wide && x + 1 >= clip.minX && x + 1 < clip.maxX
        if wide, inLeft != inRight {
            let visible = inLeft ? x : x + 1
            setUnit(" ", wide: false, x: visible, y: y, role: role)
            return
        }
        guard inLeft else { return }
        detachWideNeighbour(x: x, y: y)
        if wide { detachWideNeighbour(x: x + 1, y: y) }
        let index = y * size.width + x
        cells[index] = Cell(unit, role: role, isWide: wide)
        if wide { cells[index + 1] = .continuation(role) }
    }

    /// Blanks the other half of a wide character about to be overwritten at `(x, y)`.
    private mutating func detachWideNeighbour(x: Int, y: Int) {
        let index = y * size.width + x
        let cell = cells[index]
        if cell.isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].role)
        } else if cell.isWide, x + 1 < size.width {
            cells[index + 1] = .blank(cells[index + 1].role)
        }
        cells[index] = .blank(cell.role)
    }
}
