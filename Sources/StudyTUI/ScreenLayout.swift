import StudyCore
import TUIKit

/// Where everything goes on a task screen of a given size: header, scrolled body, message
/// line, buttons and help. Render draws it; clicks are resolved against it.
public struct ScreenLayout: Sendable {
    /// A button's place on the button row.
    public struct ButtonFrame: Sendable, Equatable {
        public var type: ActionType
        public var title: String
        public var x: Int
        public var width: Int
        /// The title in brackets, as drawn: `[ Next ]`.
        public var label: String

        init(type: ActionType, title: String, x: Int, width: Int) {
            self.type = type
            self.title = title
            self.x = x
            self.width = width
            label = "[ " + title + " ]"
        }
    }

    public let size: Size
    /// The body, laid out for its width.
    public let body: StepBody
    /// The first body line shown.
    public let scroll: Int
    /// Where the body starts on every screen: the row of its first line and its left column.
    static let bodyOrigin = Point(x: 2, y: 2)
    /// Row of the first body line.
    public let bodyTop = bodyOrigin.y
    /// Column of the body's left edge.
    public let bodyLeft = bodyOrigin.x
    /// The buttons, left to right.
    public let buttons: [ButtonFrame]

    /// Rows available to the body.
    public var bodyHeight: Int { max(1, size.height - 5) }
    /// The message / caption row.
    public var messageRow: Int { size.height - 3 }
    /// The button row.
    public var buttonRow: Int { size.height - 2 }
    /// The help row.
    public var helpRow: Int { size.height - 1 }

    /// The layout of a screen now.
    public init(screen: borrowing TaskScreen) {
        size = screen.size
        let height = max(1, size.height - 5)
        if let c = screen.controller {
            body = StepBodyBuilder(controller: c, focus: screen.focus, width: Self.bodyWidth(size), height: height,
                                   preamble: screen.preamble).build()
        } else {
            body = StepBody(width: Self.bodyWidth(size))
        }
        var s = min(screen.scroll, max(0, body.lines.count - height))
        if let f = screen.focus, let range = body.lineRange(of: f) {
            if range.upperBound >= s + height { s = max(range.upperBound - height + 1, 0) }
            if range.lowerBound < s { s = range.lowerBound }
            if let cursor = body.cursor, cursor.line >= s + height { s = cursor.line - height + 1 }
        }
        scroll = max(0, s)
        buttons = screen.buttonFrames
    }

    /// The columns the body is laid out in at a screen size.
    static func bodyWidth(_ size: Size) -> Int { max(10, size.width - 4) }

    /// The frames of `buttons` on a row `width` columns wide: Back, Skip and Learn more from the
    /// left, Next or Done at the right.
    static func frames(of b: StepButtons, width: Int) -> [ButtonFrame] {
        func frame(_ button: StepButtons.Button, x: Int) -> ButtonFrame {
            let title = Sanitizer.sanitizeLine(button.title)
            return ButtonFrame(type: button.type, title: title, x: x, width: TextWidth.width(of: title) + 4)
        }
        var frames: [ButtonFrame] = []
        var x = 2
        for button in [b.back, b.skip, b.learnMore].compactMap({ $0 }) {
            frames.append(frame(button, x: x))
            x += frames[frames.count - 1].width + 2
        }
        if let f = b.forward {
            var last = frame(f, x: x)
            last.x = max(x, width - 2 - last.width)
            frames.append(last)
        }
        return frames
    }

    /// What a click at a cell lands on.
    public func hit(x: Int, y: Int) -> HitTarget? {
        if y == buttonRow {
            return buttons.first { x >= $0.x && x < $0.x + $0.width }.map { .button($0.type) }
        }
        guard y >= bodyTop, y < bodyTop + bodyHeight else { return nil }
        let line = scroll + y - bodyTop
        return body.lines.indices.contains(line) ? body.lines[line].target : nil
    }
}
