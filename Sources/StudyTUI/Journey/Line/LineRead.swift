import Foundation

/// What one read of a typed line got: the line, nothing before the deadline, or the end of input.
/// Line mode reads through a closure `(deadline) -> LineRead`: the executable's reader waits on
/// standard input until the deadline (on the monotonic clock of ``LinePromptTimeout/clock``; nil
/// waits for ever); tests pass fakes.
public enum LineRead: Sendable, Equatable {
    /// A whole line, without its line break.
    case line(String)
    /// The deadline came first; a partly typed line is kept for the next read.
    case timedOut
    /// Input ended (or its reader has gone).
    case ended
}
