import TUIKit

extension JourneyProgram {
    /// During a task, its screen maps keys knowing when they were read (a timed step takes them
    /// with their time); everything else as ``message(for:)`` maps it.
    public func message(for event: TerminalEvent, readAt time: Duration) -> JourneyMessage? {
        if case .key = event, case .task(let visit) = destination {
            return visit.screen.message(for: event, readAt: time).map(JourneyMessage.task)
        }
        return message(for: event)
    }
}
