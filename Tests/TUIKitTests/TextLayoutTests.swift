import Testing
import TUIKit

@Suite struct TextLayoutTests {
    @Test func truncatesWithAnEllipsisOnlyWhenNeeded() {
        #expect(TextWidth.truncate("Hello", to: 5) == "Hello")
        #expect(TextWidth.truncate("Hello, world", to: 8) == "Hello, …")
        #expect(TextWidth.truncate("Hello", to: 1) == "H")
        #expect(TextWidth.truncate("Hello", to: 0) == "")
    }

    @Test func truncatesCJKWithoutSplittingAWideCharacter() {
        let cut = TextWidth.truncate("日本語テスト", to: 6)
        #expect(cut == "日本…")                               // 4 + 1 columns, one left free
        #expect(TextWidth.width(of: cut) <= 6)
    }

    @Test func padsToAnExactWidthInEveryAlignment() {
        #expect(TextWidth.pad("ab", to: 5) == "ab   ")
        #expect(TextWidth.pad("", to: 3) == "   ")
        #expect(TextWidth.pad("abcde", to: 5) == "abcde")
        #expect(TextWidth.pad("abcdef", to: 5) == "abcd…")
        #expect(TextWidth.pad("é", to: 3) == "é  ")
        #expect(TextWidth.pad("ab", to: 5, alignment: .trailing) == "   ab")
        #expect(TextWidth.pad("ab", to: 5, alignment: .center) == " ab  ")
        #expect(TextWidth.pad("世界", to: 5) == "世界 ")
        #expect(TextWidth.width(of: TextWidth.pad("日本語テスト", to: 5)) == 5)
    }

    @Test func spacesAreWrittenAsBytes() {
        #expect(TextWidth.spaces(3) == "   ")
        #expect(TextWidth.spaces(0) == "")
        #expect(TextWidth.spaces(-2) == "")
        #expect(TextWidth.spaces(200) == String(repeating: " ", count: 200))
    }

    @Test func wrapsWordsAtSpaces() {
        let lines = TextWidth.wrap("How often did you feel tired last week?", width: 16)
        #expect(lines == ["How often did", "you feel tired", "last week?"])
        #expect(lines.allSatisfy { TextWidth.width(of: $0) <= 16 })
    }

    @Test func wrapsCJKBetweenCharacters() {
        let lines = TextWidth.wrap("今日はとても良い天気です", width: 10)
        #expect(lines == ["今日はとて", "も良い天気", "です"])
    }

    @Test func wrapsMixedLatinAndCJKWithoutBreakingWords() {
        let lines = TextWidth.wrap("Rate 痛み level today", width: 9)
        #expect(lines == ["Rate 痛み", "level", "today"])
    }

    @Test func splitsAWordLongerThanTheWidth() {
        #expect(TextWidth.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    }

    @Test func keepsParagraphsAndEmptyLines() {
        #expect(TextWidth.wrap("one\n\ntwo three", width: 5) == ["one", "", "two", "three"])
        #expect(TextWidth.wrap("", width: 5) == [""])
    }
}
