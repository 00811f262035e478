import Foundation
import StudyAPI

/// A message from the study team, checked before it is stored: its text at most
/// ``maximumTextBytes`` of UTF-8, its date a possible one (else the time it arrived).
public struct CheckedMessage: Sendable, Equatable {
    /// The largest message text kept (64 KiB of UTF-8); a longer one is refused with the reason.
    public static let maximumTextBytes = 64 * 1024
    /// The earliest date a message may carry (2000-01-01 UTC).
    public static let earliest = Date(timeIntervalSince1970: 946_684_800)

    /// The message id in lower case.
    public var id: String
    /// The text.
    public var text: String
    /// When the team sent it (or when it arrived, when the server's date is impossible).
    public var sentAt: Date

    /// Checks `message`, received at `now`; throws the reason it cannot be stored.
    public init(_ message: InboxMessage, receivedAt now: Date) throws(SyncError) {
        guard message.text.utf8.count <= Self.maximumTextBytes else {
            throw .invalidAnswer("a message of \(message.text.utf8.count) bytes is larger than the \(Self.maximumTextBytes / 1024) KB a message may have; it was not stored")
        }
        id = message.id.uuidString.lowercased()
        text = message.text
        let possible = message.sentAt.timeIntervalSince1970.isFinite && message.sentAt >= Self.earliest
            && message.sentAt <= now.addingTimeInterval(24 * 3600)
        sentAt = possible ? message.sentAt : now
    }
}
