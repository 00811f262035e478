import StudyCore
import TUIKit

/// A step's body laid out for a width: its lines, the cursor, and the lines each focus target covers.
public struct StepBody: Sendable, Equatable {
    /// The lines, top to bottom.
    public var lines: [BodyLine] = []
    /// Where the cursor goes (the focused field's insertion point or highlighted row).
    public var cursor: BodyCursor?
    /// The width laid out for.
    public let width: Int

    public init(width: Int) { self.width = width }

    /// Adds a line.
    public mutating func add(_ line: BodyLine) { lines.append(line) }

    /// Adds text wrapped to the width (sanitized, paragraphs kept), each line tagged.
    public mutating func addWrapped(_ text: String?, role: StyleRole = .normal, indent: Int = 0, focus: FocusTarget? = nil) {
        guard let text, !text.isEmpty else { return }
        let pad = TextWidth.spaces(indent)
        for l in TextWidth.wrap(Sanitizer.sanitizeParagraphs(text), width: max(1, width - indent)) {
            lines.append(BodyLine(pad + l, role: role, focus: focus))
        }
    }

    /// Adds an empty line unless the body is empty or already ends with one.
    public mutating func addGap() {
        if let last = lines.last, !last.spans.isEmpty { lines.append(BodyLine()) }
    }

    /// Puts the cursor at a column of the next line to be added.
    public mutating func setCursorOnNextLine(column: Int) {
        cursor = BodyCursor(line: lines.count, column: column)
    }

    /// The first and last line showing a focus target.
    public func lineRange(of focus: FocusTarget) -> ClosedRange<Int>? {
        guard let first = lines.firstIndex(where: { $0.focus == focus }),
            let last = lines.lastIndex(where: { $0.focus == focus }) else { return nil }
        return first...last
    }
}
