import Testing
import TUIKit

@Suite struct SanitizerTests {
    @Test func removesCSIColourCodes() {
        #expect(Sanitizer.sanitizeLine("\u{1B}[31;1mred\u{1B}[0m text") == "red text")
        #expect(Sanitizer.sanitizeLine("a\u{1B}[2Jb\u{1B}[?1049hc") == "abc")
    }

    @Test func removesOSCTitleSequencesEndedByBELOrST() {
        #expect(Sanitizer.sanitizeLine("\u{1B}]0;pwned\u{07}Hello") == "Hello")
        #expect(Sanitizer.sanitizeLine("\u{1B}]2;pwned\u{1B}\\Hello") == "Hello")
        #expect(Sanitizer.sanitizeLine("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
    }

    @Test func unterminatedOSCSwallowsTheRestLikeATerminal() {
        #expect(Sanitizer.sanitizeLine("ok\u{1B}]0;never ends") == "ok")
    }

    @Test func anESCInsideAStringStartsANewSequence() {
        #expect(Sanitizer.sanitizeLine("\u{1B}]0;t\u{1B}[31mX") == "X")
    }

    @Test func removesC1ControlsAndTheir8BitSequences() {
        #expect(Sanitizer.sanitizeLine("a\u{9B}31mb\u{85}c\u{9D}0;t\u{9C}d") == "abcd")
    }

    @Test func dropsABareESCAndTwoByteEscapes() {
        #expect(Sanitizer.sanitizeLine("a\u{1B}") == "a")
        #expect(Sanitizer.sanitizeLine("a\u{1B}(0b\u{1B}7c\u{1B}cd") == "abcd")
    }

    @Test func dropsBELDELAndOtherC0Controls() {
        #expect(Sanitizer.sanitizeLine("ding\u{07}\u{7F}\u{00}\u{08}!") == "ding!")
    }

    @Test func turnsTabsIntoSpacesAndLineBreaksIntoSpacesOnALine() {
        #expect(Sanitizer.sanitizeLine("a\tb\nc\r\nd\re") == "a b c d e")
    }

    @Test func keepsParagraphBreaksWhenAsked() {
        #expect(Sanitizer.sanitizeParagraphs("one\r\ntwo\rthree\u{2028}four") == "one\ntwo\nthree\nfour")
    }

    @Test func removesBidiOverridesButKeepsOrdinaryUnicode() {
        #expect(Sanitizer.sanitizeLine("a\u{202E}b\u{2066}c") == "abc")
        #expect(Sanitizer.sanitizeLine("Grüße 世界 e\u{301} 🙂") == "Grüße 世界 e\u{301} 🙂")
    }

    @Test func removesEveryBidirectionalControlMarksIncluded() {
        let marks = "\u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"
        #expect(Sanitizer.sanitizeLine("a" + marks + "b") == "ab")
        #expect(Sanitizer.sanitizeParagraphs("x\u{200F}\ny") == "x\ny")
        #expect(Sanitizer.escapeControls("id\u{200F}1") == "id\\u{200f}1")
        #expect(Sanitizer.escapeControls("\u{061C}") == "\\u{061c}")
    }

    @Test func leavesNoControlCharacterInAnyResult() {
        let hostile = "\u{1B}[1m\u{1B}P+q\u{9C}\u{1B}_apc\u{07}\u{90}dcs\u{1B}\\x\u{1B}[\u{1B}]\u{9B}"
        let clean = Sanitizer.sanitizeParagraphs(hostile)
        #expect(clean == "x")
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func commandLineTextShowsEveryControlAsAnEscape() {
        #expect(Sanitizer.escapeControls("plain text") == "plain text")
        #expect(Sanitizer.escapeControls("two\nlines") == "two\nlines")
        #expect(Sanitizer.escapeControls("a\u{1B}]52;c;eA==\u{07}b") == "a\\x1b]52;c;eA==\\x07b")
        #expect(Sanitizer.escapeControls("\u{9B}31m\r\u{0}\t\u{7F}") == "\\x9b31m\\x0d\\x00\\x09\\x7f")
        #expect(Sanitizer.escapeControls("x\u{202E}y\u{FEFF}Grüße") == "x\\u{202e}y\\u{feff}Grüße")
    }
}
