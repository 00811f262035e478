import Foundation
import StudyAPI

/// Where the study server keeps everything: published study versions, registration tokens,
/// participants and their consent, result items, messages. Two engines conform (SQLite, the
/// embedded default, and PostgreSQL) and pass one conformance suite (ServerStoreTests).
///
/// Every method is safe to call from several server processes on one database at once.
/// Credentials and tokens arrive here already hashed; nothing here logs values.
public protocol ServerStorage: Sendable {
    /// Creates or upgrades the schema; safe when several processes start together.
    func migrate() async throws(ServerStoreError)
    /// Answers when the database does (the health check).
    func ping() async throws(ServerStoreError)
    /// Releases connections.
    func close() async

    /// Stores `study` as the version in force unless the latest published one has the same ETag;
    /// returns whether it was new.
    func publish(_ study: PublishedStudy) async throws(ServerStoreError) -> Bool
    /// The version in force: the last published.
    func currentStudy() async throws(ServerStoreError) -> PublishedStudy?

    /// Adds unused registration tokens (their SHA-256); an existing hash is left as it is.
    func addTokens(sha256: [String], at date: Date) async throws(ServerStoreError)
    /// True when the token exists and was never redeemed.
    func tokenIsOpen(sha256: String) async throws(ServerStoreError) -> Bool
    /// How many tokens are open and redeemed.
    func tokenCounts() async throws(ServerStoreError) -> TokenCounts
    /// Redeems the token and creates the participant in one transaction; false (and nothing
    /// stored) when the token is unknown or already used.
    func register(_ participant: NewParticipant) async throws(ServerStoreError) -> Bool

    /// Checks a participant's key hash and records the contact; nil when the id or key is wrong.
    func authenticate(participantID: String, keySHA256: String, at date: Date) async throws(ServerStoreError) -> ParticipantAccess?
    /// Records the withdrawal once (a repeat keeps the first time); false for an unknown participant.
    func withdraw(participantID: String, at date: Date) async throws(ServerStoreError) -> Bool

    /// Stores items under (participant, item id), first write wins, in one transaction: a replay of
    /// an item with the same content is acknowledged and changes nothing; other content for a stored
    /// id, or a run UUID another participant stored items under first, refuses the whole batch
    /// (``ItemStoreOutcome``).
    func storeItems(_ items: [IncomingItem], participantID: String, at date: Date) async throws(ServerStoreError) -> ItemStoreOutcome
    /// Every stored item, of one participant or all, ordered by participant, receipt and id.
    func storedItems(participantID: String?) async throws(ServerStoreError) -> [StoredItem]

    /// Puts a message in the inboxes of the audience; returns the participants reached.
    func sendMessage(_ text: String, to audience: MessageAudience, at date: Date) async throws(ServerStoreError) -> [String]
    /// A participant's messages not yet acknowledged, oldest first.
    func unacknowledgedMessages(participantID: String) async throws(ServerStoreError) -> [MessageRecord]
    /// Marks one of the participant's messages received (again is fine); false when it is not theirs or unknown.
    func acknowledgeMessage(_ id: UUID, participantID: String, at date: Date) async throws(ServerStoreError) -> Bool

    /// One line per participant for `status`, in registration order.
    func participantSummaries() async throws(ServerStoreError) -> [ParticipantSummary]
}
