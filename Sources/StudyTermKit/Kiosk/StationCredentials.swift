import Foundation
import StudyAPI

/// A station's study-server credentials: what `studyterm kiosk register` stores at the
/// configuration's `study.credentials` path (JSON, mode 0600), and what every sending round of
/// the station reads. The station is one participant on the server; each kiosk session's results
/// go under it, marked with the session and its withdrawal code (see `StationOutbox`).
package struct StationCredentials: Codable, Sendable, Equatable {
    /// The server's base URL the station registered with.
    package var server: String
    /// The study the server registered the station in.
    package var studyID: String
    /// The station's participant id on the server.
    package var participantID: String
    /// The API key (shown once by the server; kept only here).
    package var apiKey: String
    /// When the station registered.
    package var registeredAt: Date

    /// Credentials as the server issued them at `registeredAt`.
    package init(server: String, issued: ParticipantCredentials, registeredAt: Date) {
        (self.server, self.studyID, self.participantID, self.apiKey) = (server, issued.studyID, issued.participantID, issued.apiKey)
        self.registeredAt = registeredAt
    }

    /// The credentials the API client sends.
    package var participant: ParticipantCredentials {
        ParticipantCredentials(studyID: studyID, participantID: participantID, apiKey: apiKey)
    }

    /// Writes them to `path` whole and atomically, mode 0600.
    package func write(to path: String) throws(PrivateFile.Failure) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let data: Data
        do { data = try encoder.encode(self) } catch { throw PrivateFile.Failure(path: path, reason: "cannot be encoded (\(error))") }
        try PrivateFile.write(data, to: path)
    }

    /// The credentials at `path`; nil when there is no such file. Refuses a file others may read
    /// or one that is not the station's credentials.
    package static func read(from path: String) throws(PrivateFile.Failure) -> StationCredentials? {
        guard let mode = PrivateFile.mode(of: path) else { return nil }
        guard mode & 0o077 == 0 else {
            throw PrivateFile.Failure(path: path, reason: "others may read it (mode \(String(mode, radix: 8))); run chmod 600 on it")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw PrivateFile.Failure(path: path, reason: "cannot be read") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(StationCredentials.self, from: data) } catch {
            throw PrivateFile.Failure(path: path, reason: "is not a station's credentials file (\(error.localizedDescription))")
        }
    }
}
