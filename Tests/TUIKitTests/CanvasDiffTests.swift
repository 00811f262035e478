import Testing
import TUIKit

@Suite struct CanvasDiffTests {
    private func changes(_ canvas: Canvas, from previous: Canvas?) -> [String] {
        var found: [String] = []
        canvas.forEachChange(from: previous) { x, y, cell in found.append("\(x),\(y):\(cell.character)") }
        return found
    }

    @Test func withoutAPreviousFrameEveryCellButContinuationsIsWritten() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.put("世a", at: .zero)
        let all = changes(canvas, from: nil)
        #expect(all.count == 5)
        #expect(all.prefix(2) == ["0,0:世", "2,0:a"])
    }

    @Test func onlyCellsThatDifferAreWritten() {
        var before = Canvas(width: 6, height: 3)
        before.put("name", at: Point(x: 1, y: 1))
        var after = before
        after.put("namX", at: Point(x: 1, y: 1))
        after.put("ok", at: Point(x: 0, y: 2), role: .error)
        #expect(changes(after, from: before) == ["4,1:X", "0,2:o", "1,2:k"])
        #expect(changes(after, from: after).isEmpty)
    }

    @Test func aRoleChangeAloneIsAChange() {
        var before = Canvas(width: 4, height: 1)
        before.put("ab", at: .zero)
        var after = Canvas(width: 4, height: 1)
        after.put("ab", at: .zero, role: .focused)
        #expect(changes(after, from: before) == ["0,0:a", "1,0:b"])
    }

    @Test func combiningMarksCountInTheComparison() {
        var before = Canvas(width: 3, height: 1)
        before.put("e", at: .zero)
        var after = Canvas(width: 3, height: 1)
        after.put("e\u{301}", at: .zero)
        #expect(changes(after, from: before) == ["0,0:e\u{301}"])
        #expect(after[0, 0].scalarValues == [0x65, 0x301])
    }

    /// A clear blanks only the rows written since the last one, and the diff skips rows blank in
    /// both frames: what a frame shows must not depend on either shortcut.
    @Test func clearedAndRedrawnCanvasesMatchFreshOnes() {
        var canvas = Canvas(width: 4, height: 3)
        canvas.put("ab", at: .zero)
        canvas.put("世", at: Point(x: 1, y: 2))
        let before = canvas
        canvas.clear()
        #expect(canvas == Canvas(width: 4, height: 3))
        canvas.put("x", at: Point(x: 3, y: 1))
        var fresh = Canvas(width: 4, height: 3)
        fresh.put("x", at: Point(x: 3, y: 1))
        #expect(canvas == fresh)
        #expect(changes(canvas, from: before) == ["0,0: ", "1,0: ", "3,1:x", "1,2: ", "2,2: "])
        #expect(changes(canvas, from: fresh).isEmpty)

        canvas.clear(role: .header)
        for y in 0..<3 { #expect(canvas.row(y).allSatisfy { $0 == .blank(.header) }) }
        #expect(changes(canvas, from: fresh).count == 12)
        canvas.put("y", at: .zero)
        canvas.clear()
        #expect(canvas == Canvas(width: 4, height: 3))
        #expect(changes(canvas, from: Canvas(width: 4, height: 3)).isEmpty)
    }

    @Test func aFrameOfAnotherSizeIsWrittenWhole() {
        var after = Canvas(width: 2, height: 1)
        after.put("hi", at: .zero)
        #expect(changes(after, from: Canvas(width: 3, height: 1)) == ["0,0:h", "1,0:i"])
    }

    @Test func cellsArePlainBytesWithoutPadding() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<Cell>.stride)
        #expect(_isPOD(Cell.self))
    }
}
