import Foundation

/// What a program asks the event loop to do after an update. Commands run in order.
public enum Command<Message: Sendable>: Sendable {
    /// End the loop once the current messages are handled; the last frame is still presented.
    case quit
    /// Ring the terminal bell.
    case bell
    /// Deliver `message` after `after` has elapsed on the loop's clock (one shot).
    ///
    /// Ticks cannot be cancelled; put a generation number in the message and ignore stale ones.
    case tick(after: Duration, Message)
    /// Run a side effect synchronously now (e.g. an autosave) and deliver its message, if any.
    case perform(@Sendable () -> Message?)
}
