import Testing
import TUIKit

@Suite struct CanvasTests {
    @Test func putsTextAndReportsTheColumnsUsed() {
        var canvas = Canvas(width: 10, height: 2)
        let used = canvas.put("Hi 世界", at: Point(x: 1, y: 0))
        #expect(used == 7)
        #expect(canvas.plainText() == " Hi 世界\n")
    }

    @Test func givesAWideCharacterAContinuationCell() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.put("世", at: .zero)
        #expect(canvas[0, 0].isWide)
        #expect(canvas[1, 0].isContinuation)
        #expect(canvas[2, 0] == .blank())
    }

    @Test func replacesAWideCharacterThatDoesNotFitAtTheRightEdgeWithASpace() {
        var canvas = Canvas(width: 5, height: 1)
        let used = canvas.put("ab世界", at: .zero, role: .accent)
        #expect(canvas.plainText() == "ab世")
        #expect(canvas[4, 0] == Cell(" ", role: .accent))
        #expect(used == 5)
    }

    @Test func stopsAtMaxWidth() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.put("abcdef", at: Point(x: 2, y: 0), maxWidth: 3)
        canvas.put("日本", at: Point(x: 6, y: 0), maxWidth: 3)
        #expect(canvas.plainText() == "  abc 日")
    }

    @Test func mixesASCIIRunsWithOtherCharactersAnywhereInTheText() {
        var canvas = Canvas(width: 12, height: 3)
        #expect(canvas.put("● Option 12", at: .zero) == 11)
        // An ASCII letter followed by a combining mark is one cell with its mark.
        #expect(canvas.put("x→e\u{301}z世y", at: Point(x: 0, y: 1)) == 7)
        #expect(canvas[2, 1].scalarValues == [0x65, 0x301])
        #expect(canvas[3, 1].character == "z")
        #expect(canvas.put("» abc", at: Point(x: 0, y: 2), maxWidth: 4) == 4)
        #expect(canvas.plainText() == "● Option 12\nx→e\u{301}z世y\n» ab")
    }

    @Test func clipsOutsideTheCanvasWithoutCrashing() {
        var canvas = Canvas(width: 4, height: 2)
        canvas.put("abcdef", at: Point(x: 2, y: 1))
        canvas.put("xyz", at: Point(x: -2, y: 0))
        canvas.put("never", at: Point(x: 0, y: 5))
        #expect(canvas.plainText() == "z\n  ab")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("世界", at: .zero)
        canvas.put("x", at: Point(x: 1, y: 0))              // right half of 世
        canvas.put("y", at: Point(x: 2, y: 0))              // left half of 界
        #expect(canvas.plainText() == " xy")
        #expect(!canvas[0, 0].isWide && !canvas[3, 0].isContinuation)
    }

    @Test func drawsInARegionWithLocalCoordinatesAndClipping() {
        var canvas = Canvas(width: 12, height: 4)
        canvas.withRegion(Rect(x: 2, y: 1, width: 5, height: 2)) { region in
            #expect(region.bounds == Rect(x: 0, y: 0, width: 5, height: 2))
            #expect(region.width == 5 && region.size == Size(width: 12, height: 4))
            region.put("inside-and-beyond", at: .zero, role: .focused)
            region.put("ab世", at: Point(x: 2, y: 1))        // 世 would need columns 4-5
            region.put("never", at: Point(x: 0, y: 2))
            #expect(region.absolute(Point(x: 1, y: 1)) == Point(x: 3, y: 2))
        }
        canvas.put("after", at: Point(x: 7, y: 1))
        #expect(canvas.plainText() == "\n  insidafter\n    ab\n")
        #expect(canvas.styleLayer() == "\n  FFFFF\n\n")
    }

    @Test func drawsABoxWithATitleAndRules() {
        var canvas = Canvas(width: 12, height: 4)
        canvas.drawBox(Rect(x: 0, y: 0, width: 12, height: 4), title: "Consent form")
        canvas.horizontalRule(at: Point(x: 1, y: 2), width: 10)
        #expect(canvas.plainText() == """
            ┌ Consent… ┐
            │          │
            │──────────│
            └──────────┘
            """)
    }

    @Test func styleLayerShowsOneRoleLetterPerCellIncludingWideOnes() {
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("Title", at: .zero, role: .title)
        canvas.put("! 世", at: Point(x: 0, y: 1), role: .error)
        canvas.put("ok", at: Point(x: 6, y: 1), role: .buttonFocused)
        #expect(canvas.plainText() == "Title\n! 世  ok")
        #expect(canvas.styleLayer() == "TTTTT\nEEEE  BB")
    }

    @Test func showsControlCharactersAsReplacementCharacters() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("a\u{1B}[b", at: .zero)
        #expect(canvas.plainText() == "a\u{FFFD}[b")
    }

    @Test func wrapsTextDownwardsAndReportsRowsUsed() {
        var canvas = Canvas(width: 8, height: 3)
        let rows = canvas.putWrapped("one two three", at: Point(x: 1, y: 0), width: 7)
        #expect(rows == 2)
        #expect(canvas.plainText() == " one two\n three\n")
    }

    @Test func clearAndResizeStartFromBlank() {
        var canvas = Canvas(width: 3, height: 1)
        canvas.put("abc", at: .zero, role: .dim)
        canvas.clear()
        #expect(canvas == Canvas(width: 3, height: 1))
        canvas.resize(to: Size(width: 2, height: 2))
        #expect(canvas.plainText() == "\n")
    }
}
