import StudyCore
import TUIKit

extension TaskScreen {
    /// Up/Down: the focused field's (a list's highlight, a line of text, a picker's choice). They
    /// never take the focus out of a field, where the keys typed next would be lost: only Tab
    /// does. From a button they move to the previous or next focus target.
    /// In a field that has no use for them (a text line, a list's first or last row) they scroll
    /// the body a line, so that the step's top is always in reach.
    mutating func editOrFocus(_ input: FieldInput, fallback: Int) -> [Command<Message>] {
        guard case .field? = focus else { return moveFocus(fallback) }
        if let out = editUsing(input) { return out }
        return scrollBody(by: input == .up ? -1 : 1)
    }

    /// Sends an edit; nil when the field did not use it (unhandled, or refused at an edge).
    mutating func editUsing(_ input: FieldInput) -> [Command<Message>]? {
        let now = environment.now()
        let structure = structureRevision
        guard case .field(let path)? = focus, let out = withQuestion({ $0.handle(.edit(path, input), now: now) }),
              out.handled, !out.bell else { return nil }
        if structureRevision != structure { keepFocusValid() }
        return apply(out)
    }

    /// Scrolls the body by `lines` from where it shows now and keeps it there (the focus may
    /// leave the view) until a key moves the focus; a bell when it cannot move.
    mutating func scrollBody(by lines: Int) -> [Command<Message>] {
        let layout = ScreenLayout(screen: self)
        let target = min(max(0, layout.scroll + lines), max(0, layout.body.lines.count - layout.bodyHeight))
        guard target != layout.scroll else { return [.bell] }
        scroll = target
        scrollPinned = true
        return []
    }
}
