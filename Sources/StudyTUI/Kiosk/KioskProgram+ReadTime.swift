import TUIKit

extension KioskProgram {
    /// During a task, its screen maps keys knowing when they were read (a timed step takes them
    /// with their time); Ctrl-C and the admin chord's keys stay the station's, and everything else
    /// as ``message(for:)`` maps it.
    public func message(for event: TerminalEvent, readAt time: Duration) -> KioskMessage? {
        if case .key(let key) = event, key != .ctrl("c"), !Self.chordKeys.contains(key), case .task(let visit) = screen {
            return visit.screen.message(for: event, readAt: time).map(KioskMessage.task)
        }
        return message(for: event)
    }
}
