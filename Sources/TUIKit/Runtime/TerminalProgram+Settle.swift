import Foundation

extension TerminalProgram {
    /// Handles `message` outside an event loop (after it ended, or in a test), with the messages
    /// its synchronous commands (``Command/perform(_:)``) produce, in the order the loop would
    /// handle them; other commands are dropped, since no loop is left to run timers or work or to
    /// quit. A task screen's move counts only once its autosave command has run, so a driver
    /// that updates a screen by hand settles the message.
    public mutating func settle(_ message: Message) {
        var queue = [message]
        while !queue.isEmpty {
            for command in update(queue.removeFirst()) {
                if case .perform(let effect) = command, let next = effect() { queue.append(next) }
            }
        }
    }
}
