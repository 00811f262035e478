import StudyCore

/// Something that can have the keyboard focus on a task screen.
public enum FocusTarget: Sendable, Hashable {
    /// A field (or a field inside a repeating group entry).
    case field(FieldPath)
    /// A button.
    case button(ActionType)
}

/// What a mouse click on a screen row lands on.
public enum HitTarget: Sendable, Hashable {
    /// A field; `row` is the list row clicked, when it is one.
    case field(FieldPath, row: Int?)
    /// A button.
    case button(ActionType)
}
