import Foundation
import TUIKit

/// The layout every journey screen shares: a header bar, the body, a notice line and the help bar
/// drawn from the screen's key map. Smaller than ``minimum`` it asks for a bigger terminal instead.
struct JourneyFrame {
    /// The smallest terminal the journey draws in.
    static let minimum = Size(width: 40, height: 12)

    /// The header's left text ("StudyTerm · Consent").
    var title: String
    /// The header's right text (the study day, the date).
    var detail: String = ""
    /// The help bar for a width, drawn from the screen's key map (`keyMap.helpLine(width:)`).
    var help: (Int) -> String
    /// The line above the help bar.
    var notice: Notice?

    /// True when the canvas can hold the journey.
    static func fits(_ size: Size) -> Bool {
        size.width >= minimum.width && size.height >= minimum.height
    }

    /// The body region for a canvas of `size`: below the header, above the notice and help lines.
    static func body(in size: Size) -> Rect {
        Rect(x: 1, y: 2, width: max(0, size.width - 2), height: max(0, size.height - 5))
    }

    /// Draws the frame, then `body` inside the body region; returns the body's cursor.
    func render(into canvas: inout Canvas, body: (inout Canvas) -> CursorPosition?) -> CursorPosition? {
        let size = canvas.size
        guard Self.fits(size) else {
            Self.renderTooSmall(into: &canvas)
            return nil
        }
        canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 1), role: .header)
        let right = TextWidth.truncate(Sanitizer.sanitizeLine(detail), to: size.width / 2)
        let rightWidth = TextWidth.width(of: right)
        canvas.put(" " + TextWidth.truncate(Sanitizer.sanitizeLine(title), to: max(1, size.width - rightWidth - 3)), at: .zero, role: .header)
        canvas.put(right, at: Point(x: size.width - rightWidth - 1, y: 0), role: .header)
        var cursor: CursorPosition?
        canvas.withRegion(Self.body(in: size)) { cursor = body(&$0) }
        if let notice {
            canvas.put(" " + TextWidth.truncate(Sanitizer.sanitizeLine(notice.marked), to: size.width - 2),
                       at: Point(x: 0, y: size.height - 2), role: notice.role)
        }
        canvas.put(" " + help(size.width - 2), at: Point(x: 0, y: size.height - 1), role: .help)
        return cursor
    }

    /// Asks for a bigger terminal, centred as far as it fits.
    static func renderTooSmall(into canvas: inout Canvas) {
        let lines = TextWidth.wrap("Make the terminal at least \(minimum.width)×\(minimum.height) (now \(canvas.size.width)×\(canvas.size.height)). Ctrl-C quits.",
                                   width: max(1, canvas.size.width))
        let top = max(0, (canvas.size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() { canvas.put(line, at: Point(x: 0, y: top + i), role: .warning) }
    }
}
