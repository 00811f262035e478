import Foundation
import TUIKit

/// A scroll offset over `total` lines shown `height` at a time, kept in range.
struct ScrollState: Sendable, Equatable {
    /// The first line shown.
    var offset = 0

    /// The offset clamped so the last page is full.
    static func clamped(_ offset: Int, total: Int, height: Int) -> Int {
        max(0, min(offset, total - height))
    }

    /// Applies a scrolling key; returns false for other keys.
    mutating func apply(_ key: Key, total: Int, height: Int) -> Bool {
        let page = max(1, height - 1)
        switch key {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= page
        case .pageDown, .character(" "): offset += page
        case .home: offset = 0
        case .end: offset = total
        default: return false
        }
        offset = Self.clamped(offset, total: total, height: height)
        return true
    }

    /// The offset that keeps line `index` visible, moving as little as possible.
    static func revealing(_ index: Int, from offset: Int, height: Int) -> Int {
        guard height > 0 else { return 0 }
        if index < offset { return index }
        if index >= offset + height { return index - height + 1 }
        return offset
    }

    /// Draws `lines[offset...]` in the region's rows from `top`, with a scroll marker when more lies beyond.
    static func draw(_ lines: [StyledLine], offset: Int, into canvas: inout Canvas, top: Int, height: Int) {
        let start = clamped(offset, total: lines.count, height: height)
        for (row, line) in lines.dropFirst(start).prefix(height).enumerated() {
            line.draw(into: &canvas, at: Point(x: 0, y: top + row), width: canvas.width - 2)
        }
        if start > 0 { canvas.put("↑", at: Point(x: canvas.width - 1, y: top), role: .dim) }
        if start + height < lines.count { canvas.put("↓", at: Point(x: canvas.width - 1, y: top + height - 1), role: .dim) }
    }
}
