import Foundation

/// What one read of the dashboard's facts brought back.
public struct FactsUpdate: Sendable {
    /// The facts, or why they could not be read.
    public var result: Result<DashboardFacts, JourneyFailure>
    /// When they were read.
    public var at: Date
    /// Reminders and messages that just reached the inbox (new ones only).
    public var delivered: [InboxMessage]
    /// Every inbox identifier offered, new or already stored: not offered again while the journey runs.
    public var offered: Set<String>
    /// True when a timer asked, not the participant.
    public var fromClock: Bool
}
