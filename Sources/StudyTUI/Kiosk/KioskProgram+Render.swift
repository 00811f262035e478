import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// Draws the screen showing, and over it the idle warning with its countdown.
    public func render(into canvas: inout Canvas) -> CursorPosition? {
        var cursor: CursorPosition?
        switch screen {
        case .welcome where paused:
            renderPaused(into: &canvas)
        case .welcome:
            centre(station.name, at: canvas.size.height / 2 - 2, role: .title, in: &canvas)
            centre("Press Enter to begin", at: canvas.size.height / 2, role: .accent, in: &canvas)
            if let notice { canvas.put(notice, at: Point(x: 1, y: canvas.size.height - 1), role: .error) }
        case .language(let highlighted):
            centre("Language", at: 1, role: .title, in: &canvas)
            for (i, tag) in station.languages.enumerated() {
                let line = "\(i == highlighted ? "▸" : " ") \(i + 1)  \(LanguageNames.autonym(tag))"
                canvas.put(line, at: Point(x: 4, y: 3 + i), role: i == highlighted ? .selected : .normal)
            }
            canvas.put("↑↓ choose   Enter confirm", at: Point(x: 1, y: canvas.size.height - 1), role: .help)
        case .preparing:
            centre("One moment…", at: canvas.size.height / 2, role: .dim, in: &canvas)
        case .task(let visit):
            cursor = visit.screen.render(into: &canvas)
        case .identify(let prompt):
            cursor = renderIdentify(prompt, into: &canvas)
        case .consent(let visit):
            cursor = renderConsent(visit, into: &canvas)
        case .adminPIN(let prompt):
            centre("Staff PIN", at: canvas.size.height / 2 - 3, role: .title, in: &canvas)
            centre(prompt.checking ? "Checking…" : "[ \(prompt.bullets) ]", at: canvas.size.height / 2 - 1, role: .accent, in: &canvas)
            if let message = prompt.message { centre(message, at: canvas.size.height / 2 + 1, role: .error, in: &canvas) }
            canvas.put("Enter confirm   Esc back", at: Point(x: 1, y: canvas.size.height - 1), role: .help)
        case .adminMenu(let highlighted):
            centre("Station admin", at: 1, role: .title, in: &canvas)
            for (i, entry) in adminEntries.map(\.title).enumerated() {
                canvas.put("\(i == highlighted ? "▸" : " ") \(entry)", at: Point(x: 4, y: 3 + i), role: i == highlighted ? .selected : .normal)
            }
            canvas.put("↑↓ choose   Enter confirm   Esc back", at: Point(x: 1, y: canvas.size.height - 1), role: .help)
        case .admin(let panel):
            renderAdmin(panel, into: &canvas)
        case .thankYou where testing:
            centre("Thank you!", at: canvas.size.height / 2 - 3, role: .title, in: &canvas)
            centre("Test session: nothing was stored.", at: canvas.size.height / 2 - 1, in: &canvas)
        case .thankYou(let code):
            centre("Thank you!", at: canvas.size.height / 2 - 3, role: .title, in: &canvas)
            centre("Your answers are stored.", at: canvas.size.height / 2 - 1, in: &canvas)
            if let code {
                centre("Your withdrawal code: \(code)", at: canvas.size.height / 2 + 1, role: .accent, in: &canvas)
                centre("Keep it if you may want your answers removed later.", at: canvas.size.height / 2 + 2, in: &canvas)
            }
        }
        if testing { renderTestMark(into: &canvas) }
        if let seconds = idleCountdown {
            idleWarning(seconds, in: &canvas)
            return nil
        }
        return cursor
    }

    /// The idle warning on the bottom row, or on the two bottom rows when one row is too narrow for
    /// it whole (64 columns, large font): the countdown and the key hint are never cut.
    private func idleWarning(_ seconds: Int, in canvas: inout Canvas) {
        let ask = "Are you still there? This session ends in \(seconds) s.", hint = "Press any key to continue."
        let lines = TextWidth.width(of: ask) + TextWidth.width(of: hint) + 3 <= canvas.size.width ? [ask + " " + hint] : [ask, hint]
        for (i, line) in lines.enumerated() {
            let y = canvas.size.height - lines.count + i
            canvas.fill(Rect(origin: Point(x: 0, y: y), size: Size(width: canvas.size.width, height: 1)), role: .warning)
            canvas.put(line, at: Point(x: 1, y: y), role: .warning)
        }
    }

    /// Draws `text` centred on row `y`.
    func centre(_ text: String, at y: Int, role: StyleRole = .normal, in canvas: inout Canvas) {
        let x = max(0, (canvas.size.width - TextWidth.width(of: text)) / 2)
        canvas.put(text, at: Point(x: x, y: max(0, y)), role: role)
    }
}
