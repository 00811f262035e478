import Foundation

extension Canvas {
    /// Fills `rect` (local) with `character` in `role`; clipped to the region.
    public mutating func fill(_ rect: Rect, with character: Character = " ", role: StyleRole = .normal) {
        if let ascii = TextWidth.printableASCII(character) {   // one cell each, no text to lay out
            let cell = Cell(ascii: ascii, role: role)
            let corner = absolute(rect.origin)
            for y in corner.y..<max(corner.y, corner.y + rect.height) {
                writeRun(count: rect.width, x: corner.x, y: y) { _ in cell }
            }
            return
        }
        let line = String(repeating: character, count: max(0, rect.width))
        for y in rect.minY..<max(rect.minY, rect.maxY) {
            put(line, at: Point(x: rect.minX, y: y), role: role, maxWidth: rect.width)
        }
    }

    /// Draws a horizontal rule of `width` columns starting at local `point`.
    public mutating func horizontalRule(at point: Point, width: Int, role: StyleRole = .dim) {
        fill(Rect(origin: point, size: Size(width: width, height: 1)),
             with: BoxCharacters.horizontal, role: role)
    }

    /// Draws a vertical rule of `height` rows starting at local `point`.
    public mutating func verticalRule(at point: Point, height: Int, role: StyleRole = .dim) {
        fill(Rect(origin: point, size: Size(width: 1, height: height)),
             with: BoxCharacters.vertical, role: role)
    }

    /// Frames `rect` (local) with light box lines, with an optional title in the top edge.
    ///
    /// The title is truncated to fit between the corners. Rectangles smaller than 2×2 are not
    /// drawn. The inside is left untouched; use `rect.inset(dx: 1, dy: 1)` as the content region.
    public mutating func drawBox(
        _ rect: Rect, role: StyleRole = .normal, title: String? = nil, titleRole: StyleRole = .title
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let inner = rect.width - 2
        let top = String(BoxCharacters.topLeft)
            + String(repeating: BoxCharacters.horizontal, count: inner)
            + String(BoxCharacters.topRight)
        let bottom = String(BoxCharacters.bottomLeft)
            + String(repeating: BoxCharacters.horizontal, count: inner)
            + String(BoxCharacters.bottomRight)
        put(top, at: rect.origin, role: role)
        put(bottom, at: Point(x: rect.minX, y: rect.maxY - 1), role: role)
        verticalRule(at: Point(x: rect.minX, y: rect.minY + 1), height: rect.height - 2, role: role)
        verticalRule(at: Point(x: rect.maxX - 1, y: rect.minY + 1), height: rect.height - 2, role: role)
        if let title, inner >= 3 {
            let label = " " + TextWidth.truncate(title, to: inner - 2) + " "
            put(label, at: Point(x: rect.minX + 1, y: rect.minY), role: titleRole, maxWidth: inner)
        }
    }
}
