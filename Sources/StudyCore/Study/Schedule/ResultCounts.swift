import Foundation

/// How many results a study has, as every screen and command counts them (the README's "Counts").
///
/// A result is what one finished run leaves: a run that ended completed, ended early by the task's
/// rules, or stopped by an error. Runs saved for later, discarded or still open have none. Export
/// writes exactly the stored results; sending to a study server is tracked per result.
public struct ResultCounts: Sendable, Equatable {
    /// Results stored on this computer ("Results stored"; what export writes).
    public var stored: Int
    /// Of those, runs that ended completed ("completed"; the schedule counts these as done).
    public var completed: Int
    /// Stored results a study server has not accepted yet ("not yet sent"; with a study folder or
    /// the demo study, which have no server, every stored result).
    public var unsent: Int

    /// Counts from their parts.
    public init(stored: Int = 0, completed: Int = 0, unsent: Int = 0) {
        self.stored = stored
        self.completed = completed
        self.unsent = unsent
    }

    /// "1 result" or "3 results".
    public static func results(_ count: Int) -> String {
        "\(count) result\(count == 1 ? "" : "s")"
    }
}
