import Foundation
import Logging
import ServerStore
@testable import StudyServerKit

/// A real server on a loopback port over a new SQLite database, serving a small study written
/// into a new temporary folder; its log lines are kept for the canary test.
struct ServerFixture: Sendable {
    let server: RunningServer
    let store: any ServerStorage
    let http: LoopbackHTTP
    let folder: URL
    let log: LogCapture

    /// The consent document, and the study's consent text shown (document, then the notice).
    static let consent = "You agree to answer one question a day."
    static let notice = "Taking part is voluntary."
    static var consentShown: String { consent + "\n\n" + notice }

    /// Starts one; `limits` default to the server's.
    static func start(limits: ServerLimits = ServerLimits(), version: String = "1") async throws -> ServerFixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("studyserver-\(UUID().uuidString)")
        try writeStudy(into: folder, version: version)
        let store = try await ServerDatabase.sqlite(path: folder.appendingPathComponent("db/server.sqlite").path).open()
        _ = try await store.publish(try StudyPublisher().publication(folder: folder.path, at: Date()))
        let log = LogCapture()
        var logger = Logger(label: "test-server", factory: { _ in log.handler() })
        logger.logLevel = .trace
        let server = try await RunningServer.start(api: StudyAPIServer(store: store, limits: limits),
                                                   listen: ListenOptions(host: "127.0.0.1", port: 0), logger: logger)
        return ServerFixture(server: server, store: store, http: LoopbackHTTP(port: server.port), folder: folder, log: log)
    }

    /// Writes `study.json`, `consent.md` and `tasks/mood.json` (which names a resource, `tasks/extra.json`).
    static func writeStudy(into folder: URL, version: String) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("tasks"), withIntermediateDirectories: true)
        let study = """
            {"formatVersion": 1, "identifier": "sleep-study", "version": "\(version)", "title": "Sleep study",
             "purpose": "How people sleep.", "consent": {"version": "c1", "file": "consent.md"},
             "contact": {"institute": "Sleep lab", "email": "lab@example.org"},
             "notices": [{"identifier": "voluntary", "text": "\(notice)"}],
             "tasks": [{"identifier": "mood", "title": "Mood", "source": "tasks/mood.json"}]}
            """
        try Data(study.utf8).write(to: folder.appendingPathComponent("study.json"))
        try Data(consent.utf8).write(to: folder.appendingPathComponent("consent.md"))
        let task = """
            {"identifier": "mood", "steps": [
              {"identifier": "feeling", "type": "form", "title": "How do you feel?", "inputFields": [{"identifier": "feeling", "type": "string"}]},
              {"identifier": "more", "type": "transform", "resourceTransformer": {"resourceName": "extra"}}]}
            """
        try Data(task.utf8).write(to: folder.appendingPathComponent("tasks/mood.json"))
        let extra = """
            {"identifier": "extra", "steps": [{"identifier": "more", "type": "instruction", "title": "Thanks (version \(version))"}]}
            """
        try Data(extra.utf8).write(to: folder.appendingPathComponent("tasks/extra.json"))
    }

    /// Stops the server and closes the store.
    func stop() async {
        await server.stop()
        await store.close()
    }

    /// Makes `count` tokens in the store (as `tokens` does) and returns them as printed.
    func tokens(_ count: Int) async throws -> [String] {
        var maker = CredentialMaker()
        let tokens = (0..<count).map { _ in maker.token() }
        try await store.addTokens(sha256: tokens.map { Digest.sha256Hex($0.replacingOccurrences(of: "-", with: "")) }, at: Date())
        return tokens
    }

    /// The registration body agreeing to the study's consent.
    static func registration(device: String = "station 1", hash: String? = nil, version: String = "c1") -> [String: Any] {
        ["consent": ["version": version, "textSHA256": hash ?? Digest.sha256Hex(consentShown), "agreedAt": "2026-03-27T10:15:00.000+01:00"],
         "device": device]
    }

    /// Registers with a new token; returns the Basic header and the participant id.
    func register(device: String = "station 1") async throws -> (authorization: String, participantID: String) {
        let token = try await tokens(1)[0]
        let reply = try await http.send("POST", "/registration", headers: ["StudyTerm-Registration-Token": token],
                                        json: Self.registration(device: device))
        guard reply.status == 201, let id = reply.field("participantId"), let key = reply.field("apiKey") else {
            throw POSIXError(.EPROTO)
        }
        return ("Basic " + Data("\(id):\(key)".utf8).base64EncodedString(), id)
    }

    /// A task result item with one text answer, as the app's outbox sends it.
    static func item(id: UUID = UUID(), run: UUID = UUID(), answer: String = "fine", task: String = "mood") -> [String: Any] {
        let start = "2026-03-27T10:15:00.000+01:00", end = "2026-03-27T10:16:00.000+01:00"
        return ["id": id.uuidString, "kind": "taskResult",
                "payload": ["type": "task", "identifier": task, "taskRunUUID": run.uuidString, "startDate": start, "endDate": end,
                            "finishReason": "completed", "path": [["identifier": "feeling", "direction": "forward"]],
                            "stepHistory": [["type": "answer", "identifier": "feeling", "startDate": start, "endDate": end,
                                             "answerType": ["type": "string"], "value": answer]]] as [String: Any],
                "metadata": ["studyId": "sleep-study", "taskId": task, "taskRunUUID": run.uuidString, "startDate": start, "endDate": end,
                             "finishReason": "completed", "participantId": "someone-else"]]
    }
}

/// Keeps every log line a logger writes (message and metadata), thread-safely.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    /// Everything written so far.
    var text: String { lock.withLock { lines.joined(separator: "\n") } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// A handler writing here.
    func handler() -> CapturingHandler { CapturingHandler(capture: self) }

    /// A swift-log handler into a ``LogCapture``.
    struct CapturingHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(all.map { "\($0)=\($1)" }.sorted().joined(separator: " "))")
        }
    }
}
