import Foundation
import TUIKit

/// One display line made of runs with their own roles (wrapped markdown, labelled values).
struct StyledLine: Sendable, Equatable {
    /// One run of text in one role.
    struct Run: Sendable, Equatable {
        /// The text (already sanitized).
        var text: String
        /// Its role.
        var role: StyleRole
    }

    /// The runs, left to right.
    var runs: [Run]

    /// A line of runs.
    init(_ runs: [Run] = []) {
        self.runs = runs
    }

    /// A line of one run; the text is sanitized to one line.
    init(_ text: String, role: StyleRole = .normal) {
        self.runs = [Run(text: Sanitizer.sanitizeLine(text), role: role)]
    }

    /// An empty line.
    static let blank = StyledLine()

    /// The text without roles.
    var text: String { runs.map(\.text).joined() }

    /// Draws the line at `point` in `width` columns; a line too long is cut with an ellipsis.
    func draw(into canvas: inout Canvas, at point: Point, width: Int) {
        var x = 0
        for run in fitted(to: width) where x < width {
            x += canvas.put(run.text, at: point.offset(dx: x), role: run.role, maxWidth: width - x)
        }
    }

    /// The runs that fit `width` columns, the last one cut with `…` when the line is longer.
    func fitted(to width: Int) -> [Run] {
        guard runs.reduce(0, { $0 + TextWidth.width(of: $1.text) }) > width else { return runs }
        var kept: [Run] = []
        var used = 0
        for run in runs {
            let w = TextWidth.width(of: run.text)
            if used + w < width {
                kept.append(run)
                used += w
                continue
            }
            // Cut here; a run that would just fit is cut too, so the ellipsis says more follows.
            kept.append(Run(text: TextWidth.truncate(run.text + " ", to: width - used), role: run.role))
            break
        }
        return kept
    }

    /// `lines` cut to `rows`: when some are left out, the last one shown ends with `…`.
    static func clipped(_ lines: [StyledLine], rows: Int) -> [StyledLine] {
        guard lines.count > rows else { return lines }
        guard rows > 0 else { return [] }
        var shown = Array(lines.prefix(rows))
        var last = shown[rows - 1]
        last.runs.append(Run(text: " …", role: last.runs.last?.role ?? .normal))
        shown[rows - 1] = last
        return shown
    }

    /// Plain text word-wrapped to `width`, every line in `role` (the text is sanitized, paragraphs kept).
    static func wrapped(_ text: String, width: Int, role: StyleRole = .normal, indent: String = "") -> [StyledLine] {
        let room = max(1, width - TextWidth.width(of: indent))
        return TextWidth.wrap(Sanitizer.sanitizeParagraphs(text), width: room).map { StyledLine(indent + $0, role: role) }
    }
}
