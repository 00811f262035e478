import Testing
import TUIKit

/// A screen that shows what was typed until Enter, then wipes the terminal and starts over empty.
struct GuestBookProgram: TerminalProgram {
    enum Message: Sendable { case typed(Character), finished }

    var text = ""

    mutating func update(_ message: Message) -> [Command<Message>] {
        switch message {
        case .typed(let character):
            text.append(character)
            return []
        case .finished:
            text = ""
            return [.wipeScreen]
        }
    }

    func render(into canvas: inout Canvas) -> CursorPosition? {
        canvas.put(text.isEmpty ? "Welcome" : text, at: Point(x: 0, y: 0))
        return nil
    }

    func message(for event: TerminalEvent) -> Message? {
        switch event {
        case .key(.enter): .finished
        case .key(.character(let character)): .typed(character)
        default: nil
        }
    }
}

/// The kiosk's privacy reset between people asks the terminal to wipe the screen, its scrollback
/// and the typed-ahead input before the next person's first frame (issue 27).
@Suite struct WipeScreenTests {
    @Test func theWipeComesAfterThePreviousPersonsLastFrameAndBeforeTheNextFirst() {
        let terminal = HeadlessTerminal(width: 20, height: 3, script: HeadlessTerminal.Input.typing("CANARY") + [.key(.enter)])
        var loop = EventLoop(program: GuestBookProgram(), terminal: terminal, clock: terminal.clock.monotonic)
        _ = loop.run()
        let texts = terminal.frames.map { $0.canvas.plainText() }
        guard let wipe = terminal.wipes.first, terminal.wipes.count == 1 else {
            Issue.record("expected one wipe, got \(terminal.wipes)")
            return
        }
        #expect(texts[wipe - 1].contains("CANARY"), "the frame before the wipe is the last one with the answer")
        #expect(texts[wipe...].allSatisfy { !$0.contains("CANARY") && $0.contains("Welcome") })
        #expect(texts.count > wipe, "a frame is drawn after the wipe")
    }

    @Test func aMappedWipeStaysAWipe() {
        guard case .wipeScreen = Command<Int>.wipeScreen.map({ "\($0)" }) else {
            Issue.record("not a wipe")
            return
        }
    }
}
