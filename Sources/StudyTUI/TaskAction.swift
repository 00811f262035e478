/// What a key does on a task screen. The key map (data) maps keys to these; the update
/// function acts on them; the help line is drawn from the same bindings.
public enum TaskAction: Sendable, Hashable {
    /// Enter: continue when valid, press the focused button, or act inside the field.
    case activate
    case nextFocus, previousFocus
    case up, down, left, right, pageUp, pageDown, home, end
    /// Space: toggle the highlighted option or checkbox; pause or resume a timer.
    case toggle
    /// 1-9: choose option N.
    case choose(Int)
    case backspace, deleteForward
    /// Esc: back, where allowed.
    case goBack
    /// Esc inside a field: clears the typed filter, else closes the open list.
    case closeInner
    /// Ctrl-C: the cancel menu.
    case cancelMenu
    /// F1 or ?: help.
    case help
    /// Ctrl-N / Ctrl-X in a repeating group.
    case addEntry, removeEntry
}
