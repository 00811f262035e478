import CNcursesw
import TUIKit

extension NcursesTerminal {
    /// Writes only the cells that differ from the screen, places the cursor, then calls
    /// `doupdate` once. A size change repaints every cell.
    public func present(_ canvas: Canvas, cursor: CursorPosition?) {
        guard !isClosed else { return }
        let previous = onScreen.flatMap { $0.size == canvas.size ? $0 : nil }
        if previous == nil { werase(window) }
        for y in 0..<canvas.size.height {
            if let previous, previous.row(y) == canvas.row(y) { continue }   // most rows do not change
            for x in 0..<canvas.size.width {
                let cell = canvas[x, y]
                if cell.isContinuation { continue }
                if let previous, previous[x, y] == cell, !isWideChange(previous, canvas, x, y) {
                    continue
                }
                write(cell, x: x, y: y)
            }
        }
        onScreen = canvas
        placeCursor(cursor)
        wnoutrefresh(window)
        doupdate()
    }

    /// True when the continuation to the right of `(x, y)` changed although the lead did not.
    private func isWideChange(_ previous: Canvas, _ canvas: Canvas, _ x: Int, _ y: Int) -> Bool {
        canvas[x, y].isWide && previous[x + 1, y] != canvas[x + 1, y]
    }

    /// Writes one cell with its role's attributes and colour pair.
    private func write(_ cell: Cell, x: Int, y: Int) {
        let style = styles[cell.role]
        var chars = terminalCharacters(for: cell)
        chars.withUnsafeMutableBufferPointer { buffer in
            _ = nc_mvadd_cell(window, Int32(y), Int32(x), buffer.baseAddress, style.attributes, style.pair)
        }
    }

    /// The wide characters sent for a cell, NUL-terminated.
    ///
    /// When the C library's `wcwidth` disagrees with TUIKit's width (a code point newer than
    /// its tables, or a non-UTF-8 locale), a `?` of the expected width is sent instead, so the
    /// rest of the row stays aligned. Marks the library cannot combine are dropped.
    private func terminalCharacters(for cell: Cell) -> [wchar_t] {
        let scalars = cell.character.unicodeScalars
        guard let base = scalars.first else { return [0x20, 0] }
        if base.value < 0x7F, scalars.count == 1 { return [wchar_t(base.value), 0] }
        let expected = cell.isWide ? 2 : 1
        guard nc_wcwidth(wchar_t(bitPattern: base.value)) == expected else {
            return [cell.isWide ? 0xFF1F : 0x3F, 0]              // "？" or "?"
        }
        var chars = [wchar_t(bitPattern: base.value)]
        for mark in scalars.dropFirst() where nc_wcwidth(wchar_t(bitPattern: mark.value)) == 0 {
            chars.append(wchar_t(bitPattern: mark.value))
        }
        return chars + [0]
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
