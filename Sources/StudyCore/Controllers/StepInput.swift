/// What the participant (or the clock) did, as a step controller understands it. Keys are mapped
/// to these by the presentation; controllers never see a keyboard.
public enum StepInput: Sendable, Equatable {
    /// An edit of one field (or of one field inside a repeating group entry).
    case edit(FieldPath, FieldInput)
    /// The field lost focus: check what it holds and show a message when it is invalid.
    case leave(FieldPath)
    /// Adds an entry to the repeating group (or repeating field) at a path.
    case addEntry(group: FieldPath)
    /// Removes an entry of the repeating group (or repeating field) at a path.
    case removeEntry(group: FieldPath, entry: Int)
    /// Next / Done was pressed.
    case goForward
    /// Back was pressed.
    case goBack
    /// Skip was pressed.
    case skip
    /// Starts an active step's timer at monotonic time `at` (seconds).
    case start(at: Double)
    /// Pauses an active step's timer.
    case pause(at: Double)
    /// Resumes a paused timer.
    case resume(at: Double)
    /// The clock moved on: monotonic time `at` (seconds).
    case tick(at: Double)
}

/// An edit of one field.
public enum FieldInput: Sendable, Equatable {
    /// A typed character.
    case insert(Character)
    /// Deletes the character before the cursor.
    case backspace
    /// Deletes the character at the cursor.
    case deleteForward
    /// Left: cursor, slider or picker one step down, previous column.
    case left
    /// Right: cursor, slider or picker one step up, next column.
    case right
    /// Up in a list (or a line up in multi-line text).
    case up
    /// Down in a list.
    case down
    /// A tenth of a slider's range down, or a page up in a list.
    case pageUp
    /// A tenth of a slider's range up, or a page down in a list.
    case pageDown
    /// The start (of the text, list or scale).
    case home
    /// The end (of the text, list or scale).
    case end
    /// Space: toggles the highlighted option or checkbox.
    case toggle
    /// Chooses option N (0-based, among the options shown).
    case choose(Int)
    /// Enter inside the field: a new line in multi-line text, selects in a list, opens a picker.
    case activate
    /// Replaces the whole answer with typed text (line mode).
    case setText(String)
    /// Clears the answer.
    case clear
    /// Esc inside the field: clears a typed filter, else closes an open list (unhandled when
    /// there is neither, so that Esc goes back a step).
    case close
    /// Tab or Shift-Tab inside an entry of several parts (hours and minutes, a picker's
    /// columns), or the part to start in when the focus arrives.
    case part(PartMove)
}
