import Foundation
import StudyCore
import StudyStore
import StudyTestSupport
import StudyTUI
import Testing
@testable import StudyTermKit

/// The journey's live services for a participant who leaves the demo study and joins it again:
/// everything the journey reads goes through the new enrollment, which starts clean, while the
/// whole-folder export still holds both participants.
@Suite struct RejoinTests {
    let store: StudyStore
    let services: JourneyServices
    let folder: TemporaryDirectory
    let location: DataLocation

    init() throws {
        store = try StudyStore.inMemory()
        folder = try TemporaryDirectory()
        location = DataLocation(folder: folder.url.appendingPathComponent("data"))
        let server = LocalStudyServer(demoFolder: RepositoryResources.folder.appendingPathComponent("demo-study"),
                                      loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
        services = LiveJourneyServices.make(store: store, server: server, location: location)
    }

    func join() async throws -> StudySession {
        try await services.join(try await services.server.lookUp(.demo))
    }

    /// Records a completed run of the session's first task through the journey's recorder.
    func completeATask(_ session: StudySession) throws -> UUID {
        let task = try #require(session.definition.tasks.first)
        let recorder = TaskRecorder(store: store, launch: TaskLaunch(studyID: session.studyID, studyVersion: session.definition.version,
                                                                     task: task, window: nil, resume: nil))
        let loaded = try TaskSource.loadForJourney(task.sourceURL)
        let run = HeadlessRunner(task: loaded.task, conditions: loaded.conditions).run(.answers([:]), clock: { Date() }).run
        try recorder.finish(run, loaded: loaded)
        return run.taskRunUUID
    }

    @Test func joiningAgainShowsNoEarlierResultsTasksOrMessages() async throws {
        let first = try await join()
        let firstRun = try completeATask(first)
        _ = try services.deliver([InboxMessage(id: "m1", kind: .message, title: "Hello", body: "b", createdAt: Date(), readAt: nil)])
        let since = Date(timeIntervalSinceNow: -86_400)
        #expect(try services.loadFacts(first.studyID, since).results.stored == 1)
        #expect(try store.run(id: firstRun)?.enrollmentID == store.currentEnrollment()?.id, "the recorder's run names the enrollment")
        _ = try await services.leave(first, exportTo: nil)
        let second = try await join()
        #expect(second.membership.participantID != first.membership.participantID)
        let facts = try services.loadFacts(second.studyID, since)
        #expect(facts.results == ResultCounts())
        #expect(facts.progress.recentCompletions.isEmpty && facts.openRuns.isEmpty && facts.unreadCount == 0)
        #expect(try services.loadInbox().isEmpty)
        #expect(try services.exportData(second.studyID, folder.url.path, false).hasPrefix("Exported 0 results"))
        let whole = try DataExporter(store: store, location: location)
            .export(studyID: nil, formats: [.csv], to: folder.url.appendingPathComponent("whole"))
        #expect(whole.resultCount == 1)
        let csv = try String(contentsOf: whole.files[0], encoding: .utf8)
        #expect(csv.contains(",\(first.membership.participantID ?? "?"),"))
    }

    @Test func theInAppExportHoldsOnlyTheCurrentParticipant() async throws {
        let first = try await join()
        _ = try completeATask(first)
        _ = try await services.leave(first, exportTo: nil)
        let second = try await join()
        let secondRun = try completeATask(second)
        let said = try services.exportData(second.studyID, folder.url.path, false)
        #expect(said.hasPrefix("Exported 1 result to "))
        let exported = try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
            .first { $0.lastPathComponent.hasPrefix("studyterm-export-") }
        let csv = try String(contentsOf: try #require(exported).appendingPathComponent("answers.csv"), encoding: .utf8)
        #expect(csv.contains(secondRun.uuidString))
        #expect(!csv.contains(first.membership.participantID ?? "?"))
        #expect(try store.exportDocument(.csv).resultCount == 2, "the whole folder still has both")
    }
}
