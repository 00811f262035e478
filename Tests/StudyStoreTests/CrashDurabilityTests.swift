import Foundation
import StudyCore
import StudyTestSupport
import Testing
@testable import StudyStore
#if canImport(Glibc)
import Glibc
#endif

/// A real `kill -9`: the test binary runs itself as a child that saves answers as fast as it can and reports
/// each one after `saveSnapshot` returns; the parent kills it at a random moment and reopens the database.
@Suite struct CrashDurabilityTests {
    static let childVariable = "STUDYSTORE_CRASH_CHILD"
    static let runID = UUID(uuidString: "5A1E0000-0000-4000-8000-00000000CAFE")!

    /// The child's work, run only in the process the parent starts (elsewhere it is skipped, never
    /// counted as passing).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil,
                   "the child process of everyAcknowledgedAnswerSurvivesKillNine"))
    func crashChildSavesAnswersUntilKilled() throws {
        let folder = try #require(ProcessInfo.processInfo.environment[Self.childVariable])
        let store = try StudyStore.open(at: DataLocation(folder: URL(fileURLWithPath: folder)), appVersion: "crash")
        if try store.run(id: Self.runID) == nil {
            try store.startRun(id: Self.runID, studyID: "s1", taskID: "mood", at: Date())
        }
        // Resume where the last child was killed, as the dashboard would.
        let first = (try store.snapshot(runID: Self.runID)?.json()["answers"]?.intValue ?? 0) + 1
        for i in first...1_000_000 {
            try store.saveSnapshot(runID: Self.runID, data: ["answers": .int(i)], stepPath: "q\(i)", at: Date())
            FileHandle.standardOutput.write(Data("SAVED \(i)\n".utf8))
        }
    }

    /// The binary running the tests, when it can be started again directly (SwiftPM on Linux).
    static var testBinary: String? {
        let path = CommandLine.arguments.first ?? ""
        return path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    @Test(.enabled(if: testBinary != nil && ProcessInfo.processInfo.environment[childVariable] == nil,
                   "needs to start the test binary again (SwiftPM on Linux)"))
    func everyAcknowledgedAnswerSurvivesKillNine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var lastAcknowledged = 0
        for round in 1...3 {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: Self.testBinary!)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "crashChildSavesAnswersUntilKilled"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: dir.url.path]) { $1 }
            let pipe = Pipe()
            child.standardOutput = pipe
            child.standardError = FileHandle.nullDevice
            try child.run()
            let killAfter = lastAcknowledged + Int.random(in: 20...200)
            var buffer = ""
            var acknowledged = lastAcknowledged
            while acknowledged < killAfter {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                buffer += String(decoding: data, as: UTF8.self)
                acknowledged = Self.lastSaved(in: buffer) ?? acknowledged
            }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            buffer += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            acknowledged = Self.lastSaved(in: buffer) ?? acknowledged
            #expect(child.terminationReason == .uncaughtSignal, "round \(round): the child was killed")
            #expect(acknowledged >= killAfter, "round \(round): the child resumed and saved answers before the kill")

            let store = try StudyStore.open(at: DataLocation(folder: dir.url), appVersion: "check")
            let resumable = try #require(try store.latestOpenRun(studyID: "s1"))
            let saved = try #require(try resumable.snapshot?.json()["answers"]?.intValue)
            #expect(resumable.run.id == Self.runID)
            #expect(saved == acknowledged || saved == acknowledged + 1,
                    "round \(round): acknowledged \(acknowledged), found \(saved) (at most the answer in flight differs)")
            lastAcknowledged = saved
        }
    }

    /// Every commit syncs (FULL), and through a rollback journal: no WAL index is mapped into the
    /// process, so a shared-memory file changed under the app can never raise SIGBUS.
    @Test func commitsSyncTheJournalSoACommittedAnswerAlsoSurvivesPowerLoss() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        let database = try AppDatabase.open(at: location)
        let durability = try database.durability()
        #expect(durability == AppDatabase.Durability(journalMode: "truncate", synchronous: 2))
        #expect(durability.description == "journal_mode=truncate synchronous=FULL")
        try StudyStore(database: database, appVersion: "1").startRun(id: UUID(), studyID: "s", taskID: "t", at: T.at(0))
        #expect(!FileManager.default.fileExists(atPath: location.databaseURL.path + "-shm"))
        #expect(!FileManager.default.fileExists(atPath: location.databaseURL.path + "-wal"))
    }

    /// The number in the last complete `SAVED n` line.
    static func lastSaved(in output: String) -> Int? {
        guard let end = output.lastIndex(of: "\n") else { return nil }
        return output[..<end].split(separator: "\n").last { $0.hasPrefix("SAVED ") }.flatMap { Int($0.dropFirst(6)) }
    }
}
