import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

@Suite struct TaskScreenBehaviourTests {
    @Test func anAcceptedAnswerIsAutosavedBeforeTheNextScreen() throws {
        let d = try ScreenDriver(Fixtures.radio, script: keys(.down, .character(" "), .enter))
        #expect(d.saved.all.count == 1)
        #expect(d.saved.all.last?["stepPath"] == "done")
        #expect(d.text.contains("Thank you"))
    }

    @Test func goingBackShowsTheEarlierAnswer() throws {
        let d = try ScreenDriver(Fixtures.radio, script: keys(.down, .character(" "), .enter, .escape))
        #expect(d.text.contains("(•) Good"))
    }

    @Test func invalidAnswersKeepTheParticipantOnTheStep() throws {
        let d = try ScreenDriver(Fixtures.radio, script: keys(.tab, .enter))
        #expect(d.text.contains("An answer is required."))
        #expect(d.saved.all.isEmpty)
    }

    @Test func aSignalSavesTheRunFirst() throws {
        let d = try ScreenDriver(Fixtures.radio, script: keys(.down, .character(" ")) + [.event(.signal(.terminate))])
        #expect(d.screen.run.finishReason == .saved)
        #expect(d.screen.exit == .signalled(.terminate))
        #expect(d.saved.all.last?["stepPath"] == "mood")
    }

    @Test func cancelMenuDiscardsOrSaves() throws {
        let discard = try ScreenDriver(Fixtures.radio, script: keys(.ctrl("c"), .character("3")))
        #expect(discard.screen.run.finishReason == .discarded)
        let save = try ScreenDriver(Fixtures.radio, script: keys(.ctrl("c"), .down, .enter))
        #expect(save.screen.run.finishReason == .saved)
        let resume = try ScreenDriver(Fixtures.radio, script: keys(.ctrl("c"), .escape))
        #expect(resume.screen.run.finishReason == nil)
    }

    @Test func resizeRedrawsWithoutLosingState() throws {
        let d = try ScreenDriver(Fixtures.form, script: keys(.enter) + typing("Ada") + [.event(.resize(width: 30, height: 10)),
                                                                                     .event(.resize(width: 60, height: 20))])
        #expect(d.text.contains("[Ada"))
        #expect(d.terminal.frames.contains { $0.canvas.plainText().contains("Please enlarge the terminal") })
        // The buttons are laid out again for the new width: the forward one ends two columns
        // from the right edge.
        let buttonRow = d.text.split(separator: "\n", omittingEmptySubsequences: false)[18]
        #expect(buttonRow.lastIndex(of: "]").map { buttonRow.distance(from: buttonRow.startIndex, to: $0) } == 57)
    }

    @Test func aResizeWrapsTheStepTextForTheNewWidth() throws {
        let words = (1...30).map { "word\($0)" }.joined(separator: " ")
        let json = #"{"identifier": "intro", "type": "instruction", "title": "Hello", "text": "\#(words)"}"#
        let d = try ScreenDriver(Fixtures.v4(json), script: [.event(.resize(width: 44, height: 20))])
        let body = d.text.split(separator: "\n", omittingEmptySubsequences: false)[2..<15]
        // The body is 40 columns wide from column 2: nothing is drawn past column 42.
        #expect(body.allSatisfy { $0.count <= 42 || $0.dropFirst(42).allSatisfy { $0 == " " } })
        #expect(body.contains { $0.contains("word30") })
    }

    @Test func aClickChoosesAnOptionAndPressesAButton() throws {
        // Row 4 is the first option of the radio list ("Very good"); row 22 holds the buttons.
        let d = try ScreenDriver(Fixtures.radio, script: [.event(.mouse(x: 8, y: 4, button: .left))])
        #expect(d.text.contains("(•) Very good"))
        let next = try ScreenDriver(Fixtures.radio, script: [.event(.mouse(x: 8, y: 4, button: .left)), .event(.mouse(x: 73, y: 22, button: .left))])
        #expect(next.text.contains("Thank you"))
    }

    @Test func theHelpLineFollowsTheFocusedField() throws {
        let d = try ScreenDriver(Fixtures.slider)
        let help = d.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(help.contains("←/→ step"))
        #expect(help.hasSuffix("F1 help"))
    }

    /// Shows `b` only once `a` is "yes".
    struct ShowsBAfterYes: TaskConditions {
        func isStepEnabled(_ step: StepID, answers: AnswerSnapshot) -> Bool { true }
        func isFieldEnabled(_ field: String, answers: AnswerSnapshot) -> Bool { field != "b" || answers["a"] == "yes" }
        func calculatedValues(answers: AnswerSnapshot) -> [String: JSONValue] { [:] }
    }

    /// Typing takes a short path that leaves the key map alone, unless the typed answer changes
    /// which fields show: then Tab must come (and go) with the second field.
    @Test func typingThatShowsAFieldBringsTheHelpLineUpToDate() throws {
        let task = Fixtures.v4(#"""
            {"identifier": "ab", "type": "multipleInputQuestion", "title": "Two fields", "shouldHideActions": ["goForward"],
             "inputItems": [{"identifier": "a", "type": "string", "fieldLabel": "A", "optional": false},
                            {"identifier": "b", "type": "string", "fieldLabel": "B", "optional": false}]}
            """#)
        func help(_ typed: String) throws -> String {
            let d = try ScreenDriver(task, script: typing(typed), conditions: ShowsBAfterYes())
            return d.text.split(separator: "\n").last.map(String.init) ?? ""
        }
        #expect(try !help("ye").contains("Tab"))
        #expect(try help("yes").contains("Tab/Shift-Tab field"))
        #expect(try !help("yes!").contains("Tab"))
        let d = try ScreenDriver(task, script: typing("yes") + keys(.tab) + typing("x"), conditions: ShowsBAfterYes())
        #expect(d.text.contains("[x"))
    }

    @Test func aLongAnswerScrollsInItsBoxAlikeForPlainAndAccentedText() throws {
        let task = Fixtures.v4(#"""
            {"identifier": "name", "type": "simpleQuestion", "title": "Your name",
             "inputItem": {"identifier": "name", "type": "string"}}
            """#)
        let tail = String(repeating: "abcdefghij", count: 6).dropFirst()          // 59 characters
        let plain = try ScreenDriver(task, script: typing("x" + tail))            // printable ASCII
        let accented = try ScreenDriver(task, script: typing("é" + tail))         // the general path
        let box = { (d: ScreenDriver) in d.text.split(separator: "\n").first { $0.contains("[") }.map(String.init) }
        #expect(box(plain) == box(accented))
        #expect(box(plain)?.contains("[" + tail.suffix(39) + " ]") == true)   // the cursor cell ends the box
        #expect(plain.terminal.lastFrame?.cursor == accented.terminal.lastFrame?.cursor)
    }

    @Test func countdownCaptionsAndFinishMoveOn() throws {
        let d = try ScreenDriver(Fixtures.countdown, script: [.wait(.seconds(14))])
        #expect(d.text.contains("Thank you for taking part."))
        #expect(d.terminal.bellCount == 2)
    }

    /// The "end" instruction of a step that moves on by itself is shown on that step for a
    /// moment before it goes (Enter goes at once).
    @Test func theEndCaptionOfAStepThatMovesOnByItselfIsShown() throws {
        let held = try ScreenDriver(Fixtures.countdown, script: [.wait(.seconds(11))])
        #expect(held.text.contains("» Well done."))
        #expect(held.text.contains("Breathe slowly"))
        let enter = try ScreenDriver(Fixtures.countdown, script: [.wait(.seconds(11))] + keys(.enter))
        #expect(enter.text.contains("Thank you for taking part."))
    }

    /// A long caption wraps in the body instead of being cut at the edge.
    @Test func aLongCaptionWraps() throws {
        let words = (1...14).map { "word\($0)" }.joined(separator: " ")
        let task = Fixtures.v4(#"{"identifier": "b", "type": "active", "title": "Breathe", "duration": 10, "commands": ["startTimerAutomatically"], "#
                               + #""spokenInstructions": {"start": "\#(words)"}}"#)
        let d = try ScreenDriver(task, width: 40, height: 12, script: [.wait(.seconds(1))])
        #expect(d.text.contains("word1"))
        #expect(d.text.contains("word14"))
    }
}

/// A typed key changes the focused text field in place: no other reference to its buffer is alive
/// while the edit runs, so a key never copies the whole text (it did, through a `switch` that kept
/// the editor's old state alive: a copy per key, the largest allocation of a typed character).
@Suite struct TypingInPlaceTests {
    @Test func typingIntoATextFieldKeepsItsStorage() throws {
        let task = try ScreenDriver.task(Fixtures.v4(#"""
            {"identifier": "name", "type": "simpleQuestion", "title": "Your name", "inputItem": {"type": "string"}}
            """#))
        var run = TaskRun(task: task, now: ScreenDriver.start)
        run.start(now: ScreenDriver.start)
        let env = TaskEnvironment(now: { ScreenDriver.start }, uptime: { 0 }, autosave: { _ in nil },
                                  timeZone: TimeZone(identifier: "UTC")!)
        var screen = TaskScreen(run: run, size: Size(width: 80, height: 24), environment: env)
        _ = screen.update(.stepAppeared)
        _ = screen.update(.keyPressed(.character("a")))
        let first = try #require(Self.storage(of: screen))
        for c in "bcdefgh" {
            _ = screen.update(.keyPressed(.character(c)))
            #expect(Self.storage(of: screen) == first, "the key '\(c)' copied the text")
        }
        #expect(screen.focusedEditor?.rawValue == "abcdefgh")
    }

    private static func storage(of screen: TaskScreen) -> UInt? {
        guard case .text(let buffer, _)? = screen.focusedEditor?.state else { return nil }
        return buffer.characters.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
