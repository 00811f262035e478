import Foundation

extension Canvas {
    /// Calls `write` for every cell a terminal showing `previous` must be sent to show this
    /// canvas, row by row, left to right: all of them when there is no previous frame of this size.
    ///
    /// Rows blank in both frames are skipped unread, other unchanged rows with one `memcmp`
    /// (cells are plain bytes). Continuation cells
    /// are never reported; a wide character is reported again when only its right half changed.
    public func forEachChange(from previous: Canvas?, _ write: (_ x: Int, _ y: Int, _ cell: Cell) -> Void) {
        let width = size.width
        guard width > 0, size.height > 0 else { return }
        let old = previous.flatMap { $0.size == size ? $0 : nil }
        cells.withUnsafeBufferPointer { now in
            guard let old else {
                for index in now.indices where !now[index].isContinuation {
                    write(index % width, index / width, now[index])
                }
                return
            }
            old.cells.withUnsafeBufferPointer { before in
                let rowBytes = width * MemoryLayout<Cell>.stride
                let blankAlike = blankRole == old.blankRole
                for y in 0..<size.height {
                    if blankAlike, !writtenRows[y], !old.writtenRows[y] { continue }
                    let start = y * width
                    if memcmp(now.baseAddress! + start, before.baseAddress! + start, rowBytes) == 0 { continue }
                    for x in 0..<width {
                        let cell = now[start + x]
                        if cell.isContinuation { continue }
                        if cell == before[start + x],
                           !(cell.isWide && x + 1 < width && now[start + x + 1] != before[start + x + 1]) {
                            continue
                        }
                        write(x, y, cell)
                    }
                }
            }
        }
    }
}
