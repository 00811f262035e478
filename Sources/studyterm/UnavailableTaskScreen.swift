import Foundation
import TUIKit

/// The stand-in shown instead of a task while this build has no task screen; any key goes back.
struct UnavailableTaskScreen: TerminalProgram {
    /// The task's title.
    let title: String

    /// What happened.
    enum Message: Sendable { case keyPressed }

    /// Any key ends the screen.
    mutating func update(_ message: Message) -> [Command<Message>] { [.quit] }

    /// Keys end it; other events are ignored.
    func message(for event: TerminalEvent) -> Message? {
        if case .key = event { return .keyPressed }
        return nil
    }

    /// The explanation, centred vertically.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        let text = "\(Sanitizer.sanitizeLine(title)): the task screen is not available in this build. Press any key to go back to the dashboard."
        let lines = TextWidth.wrap(text, width: max(1, canvas.size.width - 4))
        let top = max(0, (canvas.size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() { canvas.put(line, at: Point(x: 2, y: top + i), role: i == 0 ? .warning : .normal) }
        return nil
    }
}
