import Foundation
import StudyAPI
import StudyCore
import StudyStore
import StudySync

/// The sending round's view of a station's data folder (`OutboxStore`): one account, the
/// station's credentials, and as its items every kiosk session's results. The server files every
/// item under the station's participant id, so before sending, each item's metadata keeps the
/// session's own withdrawal code as `kioskParticipantId` and the station as `kioskStationId`
/// (the session's `kioskSessionId` is already there): staff find a session's rows on the server
/// by the code the thank-you screen showed. The added fields depend only on what is stored, so a
/// resend carries the same content and the server's first-write-wins never sees a change.
package struct StationOutbox: OutboxStore {
    /// The station's store.
    package var store: StudyStore
    /// The station's credentials.
    package var credentials: StationCredentials
    /// The configuration's station id.
    package var stationID: String

    /// The view of `store` for the station registered with `credentials`.
    package init(store: StudyStore, credentials: StationCredentials, stationID: String) {
        (self.store, self.credentials, self.stationID) = (store, credentials, stationID)
    }

    /// The station's one account.
    package func accounts() throws(OutboxStoreFailure) -> [SendingAccount] {
        [SendingAccount(baseURL: credentials.server, credentials: credentials.participant)]
    }

    /// None: a station reads no messages (they would be for no one in front of it).
    package func currentParticipantID() throws(OutboxStoreFailure) -> String? { nil }

    /// The kiosk sessions' due results, marked with their session's code and the station.
    package func pending(participantID: String, now: Date?, limit: Int) throws(OutboxStoreFailure) -> [OutboxEntry] {
        guard participantID == credentials.participantID else { return [] }
        return try wrap { () throws(StoreError) in try store.pendingKioskOutbox(now: now, limit: limit).map(entry) }
    }

    /// How many kiosk results wait.
    package func unsentResultCount(participantID: String) throws(OutboxStoreFailure) -> Int {
        guard participantID == credentials.participantID else { return 0 }
        return try wrap { () throws(StoreError) in try store.unsentKioskResultCount() }
    }

    /// Parks an item.
    package func park(id: UUID, reason: String, at date: Date) throws(OutboxStoreFailure) {
        try wrap { () throws(StoreError) in try store.park(id: id, reason: reason, at: date) }
    }

    /// Marks items acknowledged.
    package func markAccepted(ids: [UUID], at date: Date) throws(OutboxStoreFailure) -> Int {
        try wrap { () throws(StoreError) in try store.markAccepted(ids: ids, at: date) }
    }

    /// Records a failure worth a retry.
    package func recordFailure(id: UUID, error: String, at date: Date, retryAt: Date) throws(OutboxStoreFailure) {
        try wrap { () throws(StoreError) in try store.recordFailure(id: id, error: error, at: date, retryAt: retryAt) }
    }

    /// Never called (no current participant); stores nothing.
    package func addMessage(_ message: CheckedMessage) throws(OutboxStoreFailure) -> Bool { false }

    /// Records a round.
    package func recordSync(at date: Date, error: String?) throws(OutboxStoreFailure) {
        try wrap { () throws(StoreError) in try store.recordSync(at: date, error: error) }
    }

    /// An item as the round sends it: the journey's reading, with the session's code and the
    /// station added to the metadata.
    func entry(_ item: OutboxItem) -> OutboxEntry {
        var entry = StoreOutbox.entry(item)
        if case .result(let kind, let payload, .object(var metadata)) = entry.content {
            if let code = metadata["participantId"] { metadata["kioskParticipantId"] = code }
            metadata["kioskStationId"] = .string(stationID)
            entry.content = .result(kind, payload: payload, metadata: .object(metadata))
        }
        return entry
    }

    /// Runs `body`, turning a store error into the round's failure.
    private func wrap<T>(_ body: () throws(StoreError) -> T) throws(OutboxStoreFailure) -> T {
        do { return try body() } catch { throw OutboxStoreFailure(error.description) }
    }
}
