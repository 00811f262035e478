import TUIKit

extension KioskProgram {
    /// Keys knowing when they were read: during a task its screen maps them (a timed step takes
    /// them with their time), and on the identification screen a key carries its time (a scanner's
    /// burst is told from typing by it). Ctrl-C and the admin chord's keys stay the station's, and
    /// everything else as ``message(for:)`` maps it.
    public func message(for event: TerminalEvent, readAt time: Duration) -> KioskMessage? {
        if case .key(let key) = event, key != .ctrl("c"), !Self.chordKeys.contains(key) {
            if case .task(let visit) = screen { return visit.screen.message(for: event, readAt: time).map(KioskMessage.task) }
            if case .identify = screen { return .identifyKeyPressed(key, at: time) }
        }
        return message(for: event)
    }
}
