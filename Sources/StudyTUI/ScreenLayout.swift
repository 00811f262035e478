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

        init(type: ActionType, title: String, x: Int, compact: Bool = false) {
            self.type = type
            self.title = title
            self.x = x
            label = compact ? "[" + title + "]" : "[ " + title + " ]"
            width = TextWidth.width(of: label)
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
        // The body moves as little as shows the cursor (and the focused field's first line with
        // it, when both fit), so that the step's title and text stay in view as long as they can;
        // a pinned body (a step just opened, or scrolled by the participant) stays where it is.
        var s = min(screen.scroll, max(0, body.lines.count - height))
        if !screen.scrollPinned, let f = screen.focus, let range = body.lineRange(of: f) {
            let cursor = body.cursor.map(\.line) ?? range.lowerBound
            if cursor >= s + height { s = cursor - height + 1 }
            if range.lowerBound < s, cursor - range.lowerBound < height { s = range.lowerBound }
            if cursor < s { s = cursor }
        }
        scroll = max(0, s)
        buttons = screen.buttonFrames
    }

    /// The columns the body is laid out in at a screen size.
    static func bodyWidth(_ size: Size) -> Int { max(10, size.width - 4) }

    /// The frames of `buttons` on a row `width` columns wide: Back, Skip and Learn more from the
    /// left, Next or Done at the right. On a narrow row the gaps close, the brackets lose their
    /// spaces, then "Prefer not to answer" becomes "Skip" and, last, the left buttons' titles are
    /// cut with an ellipsis: the way forward is always whole and on the row.
    static func frames(of b: StepButtons, width: Int) -> [ButtonFrame] {
        let left = [b.back, b.skip, b.learnMore].compactMap { $0 }
        let titles = left.map { Sanitizer.sanitizeLine($0.title) }
        let shortTitles = zip(left, titles).map { $0.type == .skip && $1 == "Prefer not to answer" ? "Skip" : $1 }
        for (gap, compact, names) in [(2, false, titles), (1, false, titles), (1, true, titles), (1, true, shortTitles)] {
            let frames = layout(left, names, b.forward, gap: gap, compact: compact, width: width)
            if (frames.last.map { $0.x + $0.width } ?? 0) <= width - 1 { return frames }
        }
        // Still too wide: cut the left titles evenly, keeping the forward button whole.
        let forward = b.forward.map { ButtonFrame(type: $0.type, title: Sanitizer.sanitizeLine($0.title), x: 0, compact: true) }
        let room = width - 3 - (forward.map { $0.width + 1 } ?? 0) - left.count * 3
        let each = max(1, room / max(1, left.count))
        let cut = shortTitles.map { TextWidth.truncate($0, to: each) }
        return layout(left, cut, b.forward, gap: 1, compact: true, width: width)
    }

    private static func layout(_ left: [StepButtons.Button], _ names: [String], _ forward: StepButtons.Button?,
                               gap: Int, compact: Bool, width: Int) -> [ButtonFrame] {
        var frames: [ButtonFrame] = []
        var x = 2
        for (button, name) in zip(left, names) {
            frames.append(ButtonFrame(type: button.type, title: name, x: x, compact: compact))
            x += frames[frames.count - 1].width + gap
        }
        if let f = forward {
            var last = ButtonFrame(type: f.type, title: Sanitizer.sanitizeLine(f.title), x: x, compact: compact)
            last.x = max(x, width - 2 - last.width)
            frames.append(last)
        }
        return frames
    }

    /// True when a body line in view starts a field's message `text` ("! An answer is required."),
    /// whole or wrapped.
    public func showsMessage(_ text: String) -> Bool {
        let shown = body.lines.dropFirst(scroll).prefix(bodyHeight)
        return shown.contains { line in
            guard line.spans.contains(where: { $0.role == .error }) else { return false }
            let t = line.text.drop { $0 == " " }
            return !t.isEmpty && text.hasPrefix(t)
        }
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
