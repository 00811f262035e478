import Foundation

extension Canvas {
    /// Draws one line of `text` starting at local `point`, clipped to the region.
    ///
    /// Characters are reduced to display units (``TextWidth/displayUnits(of:)``); a wide
    /// character takes two cells, and one that does not fit before the right limit is replaced
    /// by a space. A control character (text should be sanitized first) shows as `�`.
    ///
    /// - Parameters:
    ///   - text: the text; it is drawn on one row.
    ///   - point: where the first character goes, in local coordinates.
    ///   - role: the style role of every cell written.
    ///   - maxWidth: at most this many columns are used (nil: up to the region's edge).
    /// - Returns: the columns used, i.e. where the next text would start relative to `point.x`.
    @discardableResult
    public mutating func put(
        _ text: String, at point: Point, role: StyleRole = .normal, maxWidth: Int? = nil
    ) -> Int {
        let start = absolute(point)
        var limit = clip.maxX
        if let maxWidth { limit = min(limit, start.x + max(0, maxWidth)) }
        let utf8 = text.utf8
        var x = start.x
        var offset = 0
        while true {
            // Fast path: printable ASCII not followed by a combining mark is one narrow cell per
            // byte. It resumes after each other character, so a row that starts with a symbol
            // ("● Option 12") still writes its ASCII as runs.
            let narrow = utf8.withContiguousStorageIfAvailable { bytes -> Int in
                var count = offset
                while count < bytes.count, TextWidth.isPrintableASCII(bytes[count]),
                      count + 1 == bytes.count || bytes[count + 1] < 0x80 { count += 1 }
                let run = count - offset, from = offset
                let shown = max(0, min(run, limit - x))
                writeRun(count: shown, x: x, y: start.y) { Cell(ascii: bytes[from + $0], role: role) }
                return run
            } ?? 0
            x += narrow
            offset += narrow
            if offset == utf8.count || x >= limit { return max(0, min(x, limit) - start.x) }
            let index = utf8.index(utf8.startIndex, offsetBy: offset)
            let character = text[index...].first!
            for unit in Self.units(of: character) {
                let wide = TextWidth.width(ofUnit: unit) == 2
                if x >= limit { return x - start.x }
                if wide, x + 1 >= limit {
                    setUnit(.blank(role), x: x, y: start.y)
                    return x + 1 - start.x
                }
                setUnit(Cell(unit, role: role, isWide: wide), x: x, y: start.y)
                x += wide ? 2 : 1
            }
            offset += character.utf8.count
            if offset == utf8.count { return x - start.x }
        }
    }

    /// Draws `text` word-wrapped to `width` columns from local `point` downwards.
    ///
    /// - Returns: the number of rows the wrapped text needs (even rows clipped away).
    @discardableResult
    public mutating func putWrapped(
        _ text: String, at point: Point, width: Int, role: StyleRole = .normal
    ) -> Int {
        let lines = TextWidth.wrap(text, width: width)
        for (offset, line) in lines.enumerated() {
            put(line, at: point.offset(dy: offset), role: role, maxWidth: width)
        }
        return lines.count
    }

    /// The display units of one character, with controls made visible as `�`.
    private static func units(of character: Character) -> [Character] {
        if character.unicodeScalars.contains(where: TextWidth.isControl) { return ["\u{FFFD}"] }
        return TextWidth.displayUnits(of: character)
    }
}
