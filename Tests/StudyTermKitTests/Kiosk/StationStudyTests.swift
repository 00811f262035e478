import Foundation
import StudyAPI
import StudyCore
import StudySync
import StudyTestSupport
import Synchronization
import Testing
@testable import StudyTermKit

/// A station's study from its server: stored when fetched, used when the server cannot be
/// reached at the start, never made up when nothing is stored, and refused when the server
/// refuses the station.
@Suite struct StationStudyTests {
    /// A `GET /study` that answers the demo study, fails, or refuses, as set.
    final class StudyServerFake: HTTPTransport {
        enum Mode { case answer, unreachable, refuse }
        let mode = Mutex(Mode.answer)
        let document: Data

        init() throws {
            let folder = RepositoryResources.folder.appendingPathComponent("demo-study")
            let definition = try JSONParser.parse(Data(contentsOf: folder.appendingPathComponent("study.json")))
            var files = [StudyFile(path: "consent.md", content: try String(contentsOf: folder.appendingPathComponent("consent.md"), encoding: .utf8))]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("tasks").path) {
                files.append(StudyFile(path: "tasks/" + name,
                                       content: try String(contentsOf: folder.appendingPathComponent("tasks/" + name), encoding: .utf8)))
            }
            document = try APICoding.encoder().encode(StudyDocument(studyID: "demo", version: "1", definition: definition, files: files))
        }

        func send(_ request: HTTPExchange.Request) async throws(HTTPExchange.Failure) -> HTTPExchange.Response {
            switch mode.withLock({ $0 }) {
            case .unreachable: throw HTTPExchange.Failure(reason: "the connection was refused")
            case .refuse:
                return HTTPExchange.Response(status: 401, headers: ["content-type": "application/json"],
                                             body: Data(#"{"error":"unauthorized","message":"unknown credentials"}"#.utf8))
            case .answer:
                return HTTPExchange.Response(status: 200, headers: ["content-type": "application/json", "etag": "\"v1\""], body: document)
            }
        }
    }

    @Test func theStoredStudyServesAStartWithoutTheServerAndNothingStoredIsAnError() throws {
        let folder = try TemporaryDirectory()
        let server = try StudyServerFake()
        let credentials = StationCredentials(server: "https://study.example.org", issued: ParticipantCredentials(
            studyID: "demo", participantID: "S1", apiKey: "k"), registeredAt: Date())
        let study = StationStudy(credentials: credentials, dataDirectory: folder.url.path, transport: server, allowPlainHTTP: false)
        server.mode.withLock { $0 = .unreachable }
        #expect(throws: StudyFetchError.self) { try study.load() }
        server.mode.withLock { $0 = .answer }
        let fetched = try study.load()
        #expect(fetched.fromServer && !fetched.definition.tasks.isEmpty)
        #expect(study.cache.etag == "\"v1\"")
        server.mode.withLock { $0 = .unreachable }
        let offline = try study.load()
        #expect(!offline.fromServer && offline.definition == fetched.definition)
        server.mode.withLock { $0 = .refuse }
        let refused = #expect(throws: StudyFetchError.self) { try study.load() }
        if case .refused = refused {} else { Issue.record("expected a refusal, got \(String(describing: refused))") }
    }
}
