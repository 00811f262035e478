import CNcursesw
import TUIKit

extension NcursesTerminal {
    /// Writes only the cells that differ from the screen, places the cursor, then calls
    /// `doupdate` once. The first frame and a size change start from an erased window, so only
    /// the cells that differ from a blank one are written.
    public func present(_ canvas: Canvas, cursor: CursorPosition?) {
        guard !isClosed else { return }
        if onScreen?.size != canvas.size {
            werase(window)
            // An erased window holds plain blanks: when the theme's normal style is plain too,
            // it already shows every blank normal cell of the canvas.
            let normal = styles[.normal]
            onScreen = normal.attributes == nc_a_normal() && normal.pair == 0 ? Canvas(size: canvas.size) : nil
        }
        canvas.forEachChange(from: onScreen) { x, y, cell in write(cell, x: x, y: y) }
        onScreen = canvas
        placeCursor(cursor)
        wnoutrefresh(window)
        doupdate()
    }

    /// Writes one cell with its role's attributes and colour pair.
    ///
    /// When the C library's `wcwidth` disagrees with TUIKit's width (a code point newer than
    /// its tables, or a non-UTF-8 locale), a `?` of the expected width is sent instead, so the
    /// rest of the row stays aligned. Marks the library cannot combine are dropped. Outside a
    /// UTF-8 locale every cell is written as printable ASCII (``ASCIIFallback``; a wide one as two).
    private func write(_ cell: Cell, x: Int, y: Int) {
        let style = styles[cell.role]
        let base = cell.baseValue
        if options.asciiOnly, base >= 0x7F || !cell.isSingleScalar {
            var ascii: (wchar_t, wchar_t) = (wchar_t(ASCIIFallback.byte(for: base)), 0)
            withUnsafePointer(to: &ascii) { pointer in
                pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { chars in
                    _ = nc_mvadd_cell(window, Int32(y), Int32(x), chars, style.attributes, style.pair)
                    if cell.isWide { _ = nc_mvadd_cell(window, Int32(y), Int32(x + 1), chars, style.attributes, style.pair) }
                }
            }
            return
        }
        var chars: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &chars) { raw in
            let buffer = raw.bindMemory(to: wchar_t.self)
            let base = cell.baseValue
            if base < 0x7F, cell.isSingleScalar {
                buffer[0] = wchar_t(base)
            } else if nc_wcwidth(wchar_t(bitPattern: base)) != (cell.isWide ? 2 : 1) {
                buffer[0] = cell.isWide ? 0xFF1F : 0x3F              // "？" or "?"
            } else {
                var count = 0
                for value in cell.scalarValues where count == 0 || nc_wcwidth(wchar_t(bitPattern: value)) == 0 {
                    buffer[count] = wchar_t(bitPattern: value)
                    count += 1
                }
            }
            _ = nc_mvadd_cell(window, Int32(y), Int32(x), buffer.baseAddress, style.attributes, style.pair)
        }
    }

    /// Shows the hardware cursor at `cursor`, or hides it when nil.
    private func placeCursor(_ cursor: CursorPosition?) {
        if let cursor {
            if !cursorVisible { curs_set(1) }
            leaveok(window, false)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            if cursorVisible { curs_set(0) }
            leaveok(window, true)
        }
        cursorVisible = cursor != nil
    }
}
