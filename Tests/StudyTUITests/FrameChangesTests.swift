import Foundation
import StudyCore
import Testing
import TUIKit

/// A character typed at the end of a text box is drawn as one cell on the last frame, a list's
/// highlight moving one row as those two rows; anything more redraws the screen. Debug builds
/// (these tests) check every frame drawn that way against a whole redraw, so each case here also
/// proves the two agree.
@Suite struct FrameChangesTests {
    static func task(_ input: String, extra: String = "") -> String {
        """
        {"identifier": "t", "type": "assessment", "steps": [
          {"identifier": "q", "type": "simpleQuestion", "title": "Question", \(extra)
           "inputItem": \(input)}]}
        """
    }

    @Test func eachCharacterAtTheEndOfAPlainBoxIsOneCell() throws {
        let d = try ScreenDriver(Self.task(#"{"type": "string"}"#), script: typing("hello world"))
        #expect(d.framesDrawnByChanges == 11)
        #expect(d.text.contains("[hello world"))
    }

    @Test func aNumberBoxWithItsHintIsOneCellPerDigit() throws {
        let d = try ScreenDriver(Self.task(#"{"type": "integer", "formatOptions": {"minimumValue": 0, "maximumValue": 500}}"#),
                                 script: typing("123"))
        #expect(d.framesDrawnByChanges == 3)
        #expect(d.text.contains("[123"))
    }

    @Test func aFullBoxTakesNoMoreAndAScrollingBoxRedraws() throws {
        let short = try ScreenDriver(Self.task(#"{"type": "string", "keyboardOptions": {"maximumLength": 5}}"#), script: typing("abcdefg"))
        #expect(short.framesDrawnByChanges == 5)
        #expect(short.text.contains("[abcde "))
        let long = String(repeating: "x", count: 45)
        let scrolled = try ScreenDriver(Self.task(#"{"type": "string"}"#), script: typing(long))
        #expect(scrolled.framesDrawnByChanges == 39)   // the box shows 40 columns, the last for the cursor
        #expect(scrolled.text.contains("[" + String(repeating: "x", count: 39) + " ]"))
    }

    @Test func aPlaceholderTypingInTheMiddleAndANarrowTerminalAreRedrawnWhenNeeded() throws {
        let placeholder = try ScreenDriver(Self.task(#"{"type": "string", "placeholder": "your name"}"#), script: typing("ab"))
        #expect(placeholder.framesDrawnByChanges == 1)   // the first character replaces the placeholder
        let middle = try ScreenDriver(Self.task(#"{"type": "string"}"#), script: typing("ac") + keys(.left) + typing("b"))
        #expect(middle.framesDrawnByChanges == 2)
        #expect(middle.text.contains("[abc"))
        let narrow = try ScreenDriver(Self.task(#"{"type": "string"}"#), width: 40, height: 12, script: typing("0123456789abcdefghijklmnopqrstuvwxyz"))
        #expect(narrow.framesDrawnByChanges > 0)
        #expect(narrow.text.contains("uvwxyz"))
    }

    static func list(_ count: Int) -> String {
        let choices = (1...count).map { #"{"text": "Option \#($0)", "value": \#($0)}"# }.joined(separator: ", ")
        return """
        {"identifier": "t", "type": "assessment", "steps": [
          {"identifier": "pick", "type": "choiceQuestion", "title": "Pick one", "baseType": "integer",
           "singleChoice": true, "choices": [\(choices)]}]}
        """
    }

    @Test func aHighlightMovingInsideTheShownRowsIsTwoRows() throws {
        let short = try ScreenDriver(Self.list(5), script: keys(.down, .down, .down, .up))
        #expect(short.framesDrawnByChanges == 4)
        #expect(short.text.contains("›3 ( ) Option 3"))
        let long = try ScreenDriver(Self.list(20), script: Array(repeating: HeadlessTerminal.Input.key(.down), count: 12))
        #expect(long.framesDrawnByChanges == 11)   // the tenth Down turns the window: a redraw
        #expect(long.text.contains("›  ( ) Option 13"))
    }

    @Test func choosingAndMovingOutOfTheBodyRedraw() throws {
        let chosen = try ScreenDriver(Self.list(5), script: keys(.down, .character(" "), .down))
        #expect(chosen.framesDrawnByChanges == 2)   // Space chooses: a redraw
        let low = try ScreenDriver(Self.list(9), width: 40, height: 12, script: Array(repeating: HeadlessTerminal.Input.key(.down), count: 8))
        #expect(low.framesDrawnByChanges < 8)       // rows below the body need it to scroll
        #expect(low.text.contains("Option 9"))
    }
}
