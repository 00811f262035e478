import StudyCore
import Testing

@Suite struct TextBufferTests {
    /// The text must always be the characters joined, whatever the edit.
    func expectInStep(_ b: TextBuffer, _ comment: Comment? = nil) {
        #expect(b.text == String(b.characters), comment)
        #expect(Array(b.text.utf8) == Array(String(b.characters).utf8), comment)
    }

    @Test func theTextFollowsEveryEdit() {
        var b = TextBuffer("héllo", maximumLength: 12)
        expectInStep(b)
        for c in " wörld" { b.insert(c); expectInStep(b, "insert \(c)") }
        b.move(by: -3)
        b.insert("X")
        expectInStep(b, "insert in the middle")
        b.backspace()
        b.backspace()
        expectInStep(b, "backspace in the middle")
        b.deleteForward()
        expectInStep(b, "delete forward")
        b.moveEnd()
        while b.backspace() { expectInStep(b, "backspace at the end") }
        #expect(b.text.isEmpty)
        b.setText("a much longer text than twelve")
        expectInStep(b, "set text")
        #expect(b.text == "a much longe")
    }

    @Test func graphemesThatJoinStayInStep() {
        var b = TextBuffer(isMultiline: true)
        b.insert("e")
        b.insert("\u{301}")              // a combining accent typed after its letter
        expectInStep(b)
        b.insert("\r")
        b.insert("\n")                   // CR and LF form one grapheme in a string
        expectInStep(b)
        b.backspace()
        expectInStep(b, "removing the LF leaves the CR")
        #expect(b.text.unicodeScalars.last == "\r")
        b.backspace()
        b.backspace()
        expectInStep(b, "removing the accent leaves the letter")
        #expect(b.text == "e")
        b.setText("")
        b.insert("\u{600}")              // a prepended mark joins the letter after it
        b.insert("a")
        b.backspace()
        expectInStep(b, "removing the letter leaves the mark")
        #expect(b.text == "\u{600}")
    }

    @Test func printableASCIIIsOneColumnPerCharacter() {
        #expect(TextBuffer("Ada Lovelace 1815").isPrintableASCII)
        #expect(TextBuffer("").isPrintableASCII)
        #expect(!TextBuffer("café").isPrintableASCII)
        #expect(!TextBuffer("tab\there").isPrintableASCII)
        #expect(!TextBuffer("bell\u{7}").isPrintableASCII)
        #expect(!TextBuffer("日本").isPrintableASCII)
    }
}
