import Foundation
import TUIKit

extension WelcomeScreen {
    /// What StudyTerm is, in two sentences.
    static let introduction = "StudyTerm runs research studies in your terminal: you agree to take part, then answer short surveys and tasks on the days they are due. Your answers are kept in a private folder on this computer."

    /// Draws the screen body; returns the cursor in the focused field. On a short terminal the
    /// welcome line and blank lines go (the header says where you are) so the hints keep their rows.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        let roomy = canvas.height >= 10
        var lines = roomy ? [StyledLine("Welcome to StudyTerm", role: .title), .blank] : []
        let introduction = StyledLine.wrapped(Self.introduction, width: canvas.width)
        if canvas.height >= introduction.count + 12 { lines += introduction + [.blank] }
        lines.append(StyledLine("Join a study", role: .accent))
        var y = 0
        for line in lines { line.draw(into: &canvas, at: Point(x: 0, y: y), width: canvas.width); y += 1 }
        let labelWidth = 17, fieldWidth = max(8, min(52, canvas.width - labelWidth - 2))
        canvas.put("  Study address", at: Point(x: 0, y: y), role: focus == .address ? .accent : .normal)
        let addressCursor = address.render(into: &canvas, at: Point(x: labelWidth, y: y), width: fieldWidth,
                                           focused: focus == .address, placeholder: "https://…, folder or file://")
        canvas.put("  Token", at: Point(x: 0, y: y + 1), role: focus == .token ? .accent : .normal)
        let tokenCursor = token.render(into: &canvas, at: Point(x: labelWidth, y: y + 1), width: min(fieldWidth, 22),
                                       focused: focus == .token, placeholder: "e.g. ABCD2345")
        y += roomy ? 3 : 2
        var hints: [StyledLine] = []
        if let busy {
            hints = [StyledLine(busy, role: .dim)]
        } else if let error {
            hints = StyledLine.wrapped("! " + error, width: canvas.width, role: .error)
        } else if focus == .menu {
            hints = StyledLine.wrapped("Press D to join the demo study: no server or token needed.", width: canvas.width)
                + StyledLine.wrapped("Press Enter to type the study address and token you were given.", width: canvas.width)
        } else {
            hints = StyledLine.wrapped("Type the address and token, then press Enter. Esc goes back; Ctrl-D joins the demo study.",
                                       width: canvas.width, role: .dim)
        }
        for line in StyledLine.clipped(hints, rows: max(0, canvas.height - y)) {
            line.draw(into: &canvas, at: Point(x: 0, y: y), width: canvas.width)
            y += 1
        }
        return addressCursor ?? tokenCursor
    }
}
