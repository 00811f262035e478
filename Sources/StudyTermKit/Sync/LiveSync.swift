import Foundation
import StudyAPI
import StudyCore
import StudyStore
import StudySync
import StudyTUI

/// The live study-server client: the router the journey asks, the outbox sender, and the
/// sending state Settings shows, over the store and async-http-client.
package enum LiveSync {
    /// True when the environment allows plain `http://` beyond this computer (`STUDYTERM_ALLOW_HTTP=1`).
    package static func allowsPlainHTTP(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[ServerAddress.allowHTTPVariable] == "1"
    }

    /// The live transport, trusting the certificates of the file the environment names
    /// (`STUDYTERM_CA_FILE`) besides the system's.
    package static func transport(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AsyncHTTPTransport {
        AsyncHTTPTransport(trustFile: environment[AsyncHTTPTransport.trustFileVariable].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The outbox sender over the live transport.
    package static func sender(store: StudyStore, transport: any HTTPTransport = transport(),
                               allowPlainHTTP: Bool = allowsPlainHTTP()) -> OutboxSender {
        OutboxSender(store: StoreOutbox(store: store), transport: transport, allowPlainHTTP: allowPlainHTTP)
    }

    /// The journey's server: local studies as before, network studies with credentials in the
    /// store and the study's copy in the data folder (`studies/`).
    package static func server(local: LocalStudyServer, store: StudyStore, location: DataLocation, sender: OutboxSender) -> StudyServerRouter {
        let credentials = CredentialStore(
            save: { address, issued in
                try store.saveCredential(ServerCredential(participantID: issued.participantID, studyID: issued.studyID,
                                                          baseURL: address.description, apiKey: issued.apiKey, savedAt: Date()))
            },
            load: { participant in
                try store.credential(participantID: participant).map { stored in
                    (stored.baseURL, ParticipantCredentials(studyID: stored.studyID, participantID: stored.participantID, apiKey: stored.apiKey))
                }
            })
        let network = NetworkStudyServer(transport: sender.transport, credentials: credentials,
                                         cacheFolder: location.folder.appendingPathComponent("studies"), loader: local.loader,
                                         allowPlainHTTP: sender.allowPlainHTTP, device: "StudyTerm \(store.appVersion) (terminal)")
        return StudyServerRouter(local: local, network: network, sender: sender, store: store)
    }

    /// The sending state; nil when no participant here has a study server.
    package static func status(_ store: StudyStore) throws -> SyncStatus? {
        guard try !store.allCredentials().isEmpty else { return nil }
        let summary = try store.syncSummary()
        return SyncStatus(waiting: summary.waiting,
                          parked: summary.parkedReasons.map { $0.count == 1 ? $0.reason : "\($0.count) × \($0.reason)" },
                          nextAttemptAt: summary.nextAttemptAt, lastSuccessAt: summary.lastSuccessAt, lastError: summary.lastError)
    }
}
