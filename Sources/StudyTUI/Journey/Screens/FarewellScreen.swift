import Foundation
import TUIKit

/// After leaving a study: what happened to the data (with the whole export path), then the study's
/// closing text, wrapped and scrolled, never cut. Enter goes on to the welcome screen.
struct FarewellScreen: Sendable, Equatable {
    /// What the keys do.
    enum Action: Sendable, Hashable {
        case scroll, next, quit
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// On to the welcome screen.
        case next
        /// Leave StudyTerm.
        case quit
    }

    /// The paragraphs, the study's closing text last.
    var paragraphs: [String]
    /// The scroll position.
    var scroll = ScrollState()

    /// The keys.
    static let keys = KeyMap<Action>([
        KeyBinding([.up, .down, .pageUp, .pageDown, .home, .end, .character(" ")], .scroll, help: "read", helpKey: "↑/↓"),
        KeyBinding([.enter, .escape], .next, help: "continue", helpKey: "Enter"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// The text in `width` columns: the paragraphs, a blank line between them.
    func lines(width: Int) -> [StyledLine] {
        var out: [StyledLine] = []
        for (i, paragraph) in paragraphs.enumerated() {
            if i > 0 { out.append(.blank) }
            out += StyledLine.wrapped(paragraph, width: width, role: i == 0 ? .title : .normal)
        }
        return out
    }

    /// Handles a key in a body of `body`.
    mutating func handle(_ key: Key, body: Size) -> Outcome? {
        switch Self.keys.action(for: key) {
        case .scroll?: _ = scroll.apply(key, total: lines(width: body.width - 2).count, height: body.height)
        case .next?: return .next
        case .quit?: return .quit
        case nil: break
        }
        return nil
    }

    /// Draws the text.
    func render(into canvas: inout Canvas) -> CursorPosition? {
        ScrollState.draw(lines(width: canvas.width - 2), offset: scroll.offset, into: &canvas, top: 0, height: canvas.height)
        return nil
    }
}
