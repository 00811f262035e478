import Testing
@testable import TUIKit

@Suite struct TextWidthTests {
    @Test func countsASCIIAsOneColumnEach() {
        #expect(TextWidth.width(of: "Hello, world") == 12)
        #expect(TextWidth.width(of: "") == 0)
    }

    @Test func countsCJKAndFullwidthAsTwoColumns() {
        #expect(TextWidth.width(of: "世界") == 4)
        #expect(TextWidth.width(of: "日本語テスト") == 12)
        #expect(TextWidth.width(of: "한국어") == 6)
        #expect(TextWidth.width(of: "ＡＢ") == 4)
        #expect(TextWidth.width(of: "a張b") == 4)
    }

    @Test func givesCombiningMarksNoColumn() {
        let decomposed = "e\u{301}te\u{301}"                 // "été" with combining acutes
        #expect(decomposed.count == 3)
        #expect(TextWidth.width(of: decomposed) == 3)
        #expect(TextWidth.width(of: "\u{301}") == 0)
    }

    @Test func countsEmojiWithEmojiPresentationAsTwo() {
        #expect(TextWidth.width(of: "🌍") == 2)
        #expect(TextWidth.width(of: "🙂 ok") == 5)
        #expect(TextWidth.width(of: "✅") == 2)
        #expect(TextWidth.width(of: "⚠") == 1)                // text presentation by default
    }

    @Test func dropsVariationSelectorsSoWidthMatchesTheBaseCharacter() {
        #expect(TextWidth.displayUnits(of: "❤️") == ["❤"])
        #expect(TextWidth.width(of: "❤️") == 1)
        #expect(TextWidth.width(of: "⚠️ careful") == 9)
    }

    @Test func showsOnlyTheFirstEmojiOfAZWJSequence() {
        #expect(TextWidth.displayUnits(of: "👩‍💻") == ["👩"])
        #expect(TextWidth.width(of: "👩‍💻") == 2)
        #expect(TextWidth.displayUnits(of: "👍🏽") == ["👍"])
    }

    @Test func drawsAFlagAsItsTwoRegionalIndicators() {
        #expect(TextWidth.displayUnits(of: "🇯🇵").count == 2)
        #expect(TextWidth.width(of: "🇯🇵") == 2)
    }

    @Test func givesControlCharactersNoWidthAndNoUnits() {
        #expect(TextWidth.displayUnits(of: "\u{1B}").isEmpty)
        #expect(TextWidth.displayUnits(of: "\r\n").isEmpty)
    }

    @Test func agreesWithGlibcOnItsLessObviousRanges() {
        // Checked against glibc 2.36 wcwidth over every scalar it knows (one Ahom mark differs).
        #expect(TextWidth.width(of: Unicode.Scalar(0x4DC0)!) == 2)    // Yijing hexagram
        #expect(TextWidth.width(of: Unicode.Scalar(0xD7B0)!) == 0)    // Hangul jungseong ext-B
        #expect(TextWidth.width(of: Unicode.Scalar(0x0600)!) == 1)    // Arabic number sign
        #expect(TextWidth.width(of: Unicode.Scalar(0x00AD)!) == 1)    // soft hyphen
        #expect(TextWidth.width(of: Unicode.Scalar(0x303F)!) == 1)    // half fill space
    }
}
