import StudyCore

/// A move of the task screen's run whose snapshot the autosave command is storing: it counts when
/// the command's `autosaved` message says the snapshot is stored.
struct MoveInFlight: Sendable {
    /// The move, worked out but not made.
    var move: PendingMove
    /// Where the screen goes once the move counts (nil: the next step shows).
    var exit: ScreenExit?
    /// True when the move counts even if its snapshot cannot be stored (a signal, a timeout).
    var countsUnstored: Bool
}
