import Foundation

/// What one sending round from a station did (staff's "Sync now", the station's own rounds).
/// It holds counts and the client's error message, never answers or identifiers.
public struct KioskSyncReport: Sendable, Equatable {
    /// Results the server acknowledged in this round.
    public var sent: Int
    /// Results still waiting after the round.
    public var pending: Int
    /// Why the round failed or stopped early (nil when everything it tried was sent).
    public var error: String?

    /// A report.
    public init(sent: Int, pending: Int, error: String? = nil) { (self.sent, self.pending, self.error) = (sent, pending, error) }

    /// A round that could not run at all, for `reason`.
    public static func unavailable(_ reason: String) -> KioskSyncReport { KioskSyncReport(sent: 0, pending: 0, error: reason) }
}
