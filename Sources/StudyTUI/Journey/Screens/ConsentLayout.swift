import Foundation
import TUIKit

/// Where the consent's parts go in a body region. When the notices and buttons fit beside at least
/// a few lines of the document, the document scrolls above them and they stay in view; on a short
/// terminal everything is one scrolled column (document, a rule, notices, buttons) that moves to
/// show the focused control whenever the focus moves, so every notice and both buttons are reached;
/// its message (why agreeing did not work, or that it is being recorded) is then also on the notice
/// line, which is always in view (``noticeLine``).
struct ConsentLayout {
    /// True when the document scrolls above fixed controls.
    let controlsFixed: Bool
    /// The lines that scroll: the document alone, or the document and the controls.
    let lines: [StyledLine]
    /// The rows the scrolled lines get.
    let height: Int
    /// The fixed controls (empty when they scroll with the document).
    let controls: [StyledLine]
    /// The focused control's lines in `lines` (scrolling) or in `controls` (fixed).
    let focus: Range<Int>
    /// The document's line count.
    let documentCount: Int

    /// The fewest document rows fixed controls leave.
    static let minimumDocument = 3

    /// The layout of `screen` in a body of `body`.
    init(_ screen: ConsentScreen, body: Size) {
        let document = screen.documentLines(width: max(1, body.width - 2))
        let (controlLines, focusRange) = screen.controlLines(width: max(1, body.width - 2))
        documentCount = document.count
        if controlLines.count + 1 + Self.minimumDocument <= body.height {
            controlsFixed = true
            lines = document
            controls = controlLines
            height = max(1, body.height - controlLines.count - 1)
            focus = focusRange
        } else {
            controlsFixed = false
            let rule = StyledLine(String(repeating: BoxCharacters.horizontal, count: max(1, body.width - 2)), role: .dim)
            lines = document + [rule] + controlLines
            controls = []
            height = max(1, body.height)
            focus = (focusRange.lowerBound + document.count + 1)..<(focusRange.upperBound + document.count + 1)
        }
    }

    /// The notice line for `screen` in a body of `body`: its message (why agreeing did not work, or
    /// that the consent is being recorded) when the controls scroll and may have it out of view.
    static func noticeLine(_ screen: ConsentScreen, body: Size) -> Notice? {
        guard let message = screen.busy ?? screen.error, !ConsentLayout(screen, body: body).controlsFixed else { return nil }
        return Notice(message, tone: screen.busy == nil ? .error : .info)
    }

    /// True when the whole focused control is on screen at scroll offset `offset`.
    func shows(focusAt offset: Int) -> Bool {
        guard !controlsFixed else { return true }
        let first = self.offset(offset, reveal: false)
        return focus.lowerBound >= first && focus.upperBound <= first + height
    }

    /// The first scrolled line to show for a scroll offset of `offset`, moved as little as needed
    /// to show the whole focused control when `reveal` is set (and the controls scroll).
    func offset(_ offset: Int, reveal: Bool) -> Int {
        let clamped = ScrollState.clamped(offset, total: lines.count, height: height)
        guard reveal, !controlsFixed else { return clamped }
        let end = ScrollState.revealing(focus.upperBound - 1, from: clamped, height: height)
        return ScrollState.revealing(focus.lowerBound, from: end, height: height)
    }
}
