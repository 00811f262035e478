import Foundation
import StudyAPI
import StudyCore
import StudySync
import TUIKit

/// A station's study when it comes from a study server: the copy stored in the data folder
/// (`studies/station`, written by `studyterm kiosk register` and by every start that reached the
/// server), refreshed at the start when the server answers within ``startDeadline`` seconds
/// with a newer version (`GET /study`, by ETag). A station without the network starts on its copy;
/// one that never stored a copy cannot start.
package struct StationStudy: Sendable {
    /// The longest the start waits for the server before using the stored copy.
    package static let startDeadline: Double = 10

    /// The station's credentials.
    package var credentials: StationCredentials
    /// The copy's folder.
    package var cache: StudyCache
    /// How requests travel.
    package var transport: any HTTPTransport
    /// True when plain `http://` beyond this computer is allowed.
    package var allowPlainHTTP: Bool

    /// The study of the station registered with `credentials`, its copy under `dataDirectory`.
    package init(credentials: StationCredentials, dataDirectory: String, transport: any HTTPTransport, allowPlainHTTP: Bool) {
        self.credentials = credentials
        cache = StudyCache(folder: URL(fileURLWithPath: dataDirectory).appendingPathComponent("studies/station"),
                           loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
        (self.transport, self.allowPlainHTTP) = (transport, allowPlainHTTP)
    }

    /// The newest study the server gives (stored), or the stored copy when the server cannot be
    /// reached or fails; throws when there is neither, or the server refuses the station.
    package func load() throws(StudyFetchError) -> (definition: StudyDefinition, fromServer: Bool) {
        let stored = (try? cache.load()) ?? nil
        do {
            return (try fetch(stored: stored), true)
        } catch {
            if case .unreachable = error, let stored { return (stored, false) }
            throw error
        }
    }

    /// Asks the server for a version other than `stored`; stores and returns it.
    func fetch(stored: StudyDefinition?) throws(StudyFetchError) -> StudyDefinition {
        let place = credentials.server
        let address: ServerAddress
        do { address = try ServerAddress(stored: place, allowPlainHTTP: allowPlainHTTP) } catch { throw .refused(error.description) }
        let client = StudyAPIClient(address: address, transport: transport)
        let issued = credentials.participant, etag = stored == nil ? nil : cache.etag
        let answer: StudyAPIClient.StudyAnswer
        do {
            answer = try waitForWork { () async throws(SyncError) in try await client.study(issued, ifNoneMatch: etag) }
        } catch {
            switch error {
            case .refused: throw .refused(error.description)
            default: throw .unreachable(address: place, reason: error.description)
            }
        }
        switch answer {
        case .notModified:
            guard let stored else { throw .refused("The study server answered that nothing changed, but no study is stored here.") }
            return stored
        case .document(let document, let etag):
            return try cache.store(document, etag: etag, address: place)
        }
    }
}
