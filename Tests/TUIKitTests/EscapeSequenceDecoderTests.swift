import Testing
import TUIKit

/// What follows an ESC is one key, never Esc and then a key.
@Suite struct EscapeSequenceDecoderTests {
    /// Decodes ESC followed by `text` (every scalar already waiting).
    func decode(_ text: String, thenKey: Bool = false) -> EscapeSequenceDecoder.Outcome {
        var waiting: [EscapeSequenceDecoder.Follower] = text.unicodeScalars.map { .character($0.value) }
        if thenKey { waiting.append(.decodedKey) }
        return EscapeSequenceDecoder.decode { waiting.isEmpty ? nil : waiting.removeFirst() }
    }

    @Test func aLoneEscIsEscape() { #expect(decode("") == .escape) }

    @Test func escAndALetterIsAltAndThatLetter() {
        #expect(decode("b") == .key(.alt("b")))
        #expect(decode("é") == .key(.alt("é")))
    }

    @Test func altWithAControlKeyIsDropped() {
        #expect(decode("\u{7F}") == .ignored)   // Alt-Backspace
        #expect(decode("\r") == .ignored)       // Alt-Enter
    }

    @Test func unknownControlSequencesAreReadWholeAndDropped() {
        var waiting: [EscapeSequenceDecoder.Follower] = "[200~x".unicodeScalars.map { .character($0.value) }
        #expect(EscapeSequenceDecoder.decode { waiting.isEmpty ? nil : waiting.removeFirst() } == .ignored)
        #expect(waiting == [.character(UInt32(("x" as Unicode.Scalar).value))], "the sequence ends at its final byte")
        #expect(decode("[1;5A") == .ignored)     // Ctrl-Up
        #expect(decode("[?1;2c") == .ignored)    // a device attributes report
        #expect(decode("O") == .key(.alt("O")))
        #expect(decode("Oz") == .ignored)        // an SS3 sequence nothing uses
    }

    @Test func sequencesTheTerminalLibraryMissedAreStillKeys() {
        #expect(decode("[A") == .key(.up))
        #expect(decode("OB") == .key(.down))
        #expect(decode("[5~") == .key(.pageUp))
        #expect(decode("[Z") == .key(.backTab))
        #expect(decode("OP") == .key(.function(1)))
    }

    @Test func escBeforeAKeyTheLibraryDecodedIsAltPlusThatKeyAndDropped() {
        #expect(decode("", thenKey: true) == .ignored)
        #expect(decode("\u{1B}[A") == .ignored)   // Alt-Up sent as ESC ESC [ A
        #expect(decode("\u{1B}") == .escape)
    }
}
