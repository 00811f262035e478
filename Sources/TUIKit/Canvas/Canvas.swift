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
    /// Which rows were written since the canvas was made or cleared; a row not written holds
    /// only blanks in ``blankRole``. The diff skips rows blank in both frames, and a clear blanks
    /// only the rows written: a task screen leaves most rows empty.
    private(set) var writtenRows: [Bool]
    /// The role of the blanks the canvas was made or last cleared with.
    private(set) var blankRole = StyleRole.normal

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
        self.writtenRows = Array(repeating: false, count: max(0, size.height))
    }

    /// Canvases are equal when they show the same cells (however they were drawn).
    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.size == rhs.size && lhs.cells == rhs.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(cells)
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
        let blank = Cell.blank(role)
        let width = size.width
        let everyRow = role != blankRole
        cells.withUnsafeMutableBufferPointer { cells in
            for y in writtenRows.indices where everyRow || writtenRows[y] {
                UnsafeMutableBufferPointer(rebasing: cells[(y * width)..<((y + 1) * width)]).update(repeating: blank)
            }
        }
        blankRole = role
        for y in writtenRows.indices { writtenRows[y] = false }
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

    /// Writes one cell (a display unit and its role) at absolute `(x, y)` if it lies inside the clip.
    ///
    /// A wide unit needs both columns inside the clip; when only one is, that column becomes a
    /// space instead. Half of a wide character overwritten elsewhere is blanked.
    mutating func setUnit(_ cell: Cell, x: Int, y: Int) {
        guard y >= clip.minY, y < clip.maxY else { return }
        let wide = cell.isWide
        let inLeft = x >= clip.minX && x < clip.maxX
        let inRight = wide && x + 1 >= clip.minX && x + 1 < clip.maxX
        if wide, inLeft != inRight {
            setUnit(.blank(cell.role), x: inLeft ? x : x + 1, y: y)
            return
        }
        guard inLeft else { return }
        writtenRows[y] = true
        let index = y * size.width + x
        if cells[index].isWide || cells[index].isContinuation { detachWideNeighbour(x: x, y: y) }
        if wide, cells[index + 1].isWide || cells[index + 1].isContinuation { detachWideNeighbour(x: x + 1, y: y) }
        cells[index] = cell
        if wide { cells[index + 1] = .continuation(cell.role) }
    }

    /// Writes `count` narrow cells, `cell(i)` for i in 0..<count, from absolute `(x, y)` rightwards,
    /// clipped: the bulk form of ``setUnit(_:x:y:)`` for text that needs no layout.
    mutating func writeRun(count: Int, x: Int, y: Int, _ cell: (Int) -> Cell) {
        guard y >= clip.minY, y < clip.maxY else { return }
        let low = max(x, clip.minX)
        let high = min(x + count, clip.maxX)
        guard low < high else { return }
        writtenRows[y] = true
        let row = y * size.width
        if cells[row + low].isContinuation { detachWideNeighbour(x: low, y: y) }   // halves outside the run
        if cells[row + high - 1].isWide { detachWideNeighbour(x: high - 1, y: y) }
        cells.withUnsafeMutableBufferPointer { buffer in
            for column in low..<high { buffer[row + column] = cell(column - x) }
        }
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
