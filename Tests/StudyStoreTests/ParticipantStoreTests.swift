import Foundation
import StudyCore
import StudyExport
import Testing
@testable import StudyStore

/// A participant who leaves and joins again: the new enrollment's view starts clean, the earlier
/// one's rows stay stored, sendable and exportable under its own participant id.
@Suite struct ParticipantStoreTests {
    let store: StudyStore
    let first: ParticipantStore
    let firstRun = UUID(), savedRun = UUID()

    /// Participant P-A joins at 0, completes a run, saves another for later, gets a message, agrees
    /// to the consent, and leaves at 500.
    init() throws {
        store = try StudyStore.inMemory(appVersion: "1")
        try store.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "1", text: "Consent A", agreedAt: T.at(0)))
        first = store.scoped(to: try store.enroll(Enrollment(studyID: "s1", studyVersion: "1", participantID: "P-A", enrolledAt: T.at(0))))
        try first.startRun(id: firstRun, taskID: "mood", at: T.at(10))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: firstRun), finishedAt: T.at(20)))
        try first.startRun(id: savedRun, taskID: "sleep", at: T.at(30))
        try store.saveSnapshot(runID: savedRun, data: StoreFixtures.snapshot(step: "q1", answers: 1), stepPath: "q1", at: T.at(31))
        try store.saveForLater(runID: savedRun, at: T.at(32))
        try first.addNotification(NotificationRecord(id: "m-a", kind: .message, title: "Hi A", body: "b", createdAt: T.at(40)))
        try store.withdraw(studyID: "s1", at: T.at(500))
    }

    /// Participant P-B joins at 1000 after agreeing again.
    func rejoin() throws -> ParticipantStore {
        try store.recordConsent(ConsentRecord(studyID: "s1", definitionVersion: "1", text: "Consent B", agreedAt: T.at(1000)))
        return store.scoped(to: try store.enroll(Enrollment(studyID: "s1", studyVersion: "1", participantID: "P-B", enrolledAt: T.at(1000))))
    }

    @Test func aRejoinedParticipantStartsClean() throws {
        let second = try rejoin()
        let dashboard = try second.dashboard()
        #expect(dashboard.tasks.isEmpty && dashboard.openRuns.isEmpty)
        #expect(dashboard.results == ResultCounts())
        #expect(dashboard.pendingOutboxCount == 0 && dashboard.unreadNotificationCount == 0)
        #expect(try second.completedRuns(since: T.at(0)).isEmpty)
        #expect(try second.openRuns().isEmpty)
        #expect(try second.readableNotifications().records.isEmpty)
        #expect(try second.exportDocument(.csv).resultCount == 0)
        #expect(try second.latestConsent()?.textSHA256 == TextDigest.sha256Hex("Consent B"), "enrolling claims the consent given just before")
        #expect(try !second.consentCovers(text: "Consent A"))
    }

    @Test func theEarlierEnrollmentKeepsItsRows() throws {
        _ = try rejoin()
        let dashboard = try first.dashboard()
        #expect(dashboard.results == ResultCounts(stored: 1, completed: 1, unsent: 1))
        #expect(dashboard.openRuns.map(\.run.id) == [savedRun])
        #expect(dashboard.tasks.map(\.taskID) == ["mood", "sleep"])
        #expect(dashboard.pendingOutboxCount == 2, "the result and the withdrawal")
        #expect(dashboard.unreadNotificationCount == 1)
        #expect(try first.consentCovers(text: "Consent A"))
    }

    @Test func eachParticipantExportsOnlyTheirOwnAndTheWholeFolderBothUnderTheirIDs() throws {
        let second = try rejoin()
        let secondRun = UUID()
        try second.startRun(id: secondRun, taskID: "mood", at: T.at(1100))
        let receipt = try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: secondRun), finishedAt: T.at(1200)))
        #expect(receipt.metadata.participantID == "P-B")
        #expect(try second.exportableRuns().map(\.runID) == [secondRun])
        #expect(try first.exportableRuns().map(\.runID) == [firstRun])
        let (csv, count) = try store.exportDocument(.csv)
        #expect(count == 2)
        #expect(csv.contains("s1,P-A,mood,\(firstRun.uuidString)") && csv.contains("s1,P-B,mood,\(secondRun.uuidString)"))
        #expect(try store.resultCounts(studyID: "s1").stored == 2, "the unscoped counts are the whole study's")
    }

    @Test func sendingReadsEachParticipantsItemsByTheirEnrollment() throws {
        let second = try rejoin()
        let secondRun = UUID()
        try second.startRun(id: secondRun, taskID: "mood", at: T.at(1100))
        try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: secondRun), finishedAt: T.at(1200)))
        let ofA = try store.pendingOutbox(participantID: "P-A", now: nil, limit: 100)
        #expect(ofA.map(\.kind) == [.taskResult, .withdrawal])
        #expect(ofA.allSatisfy { $0.enrollmentID == first.enrollmentID })
        #expect(try store.pendingOutbox(participantID: "P-B", now: nil, limit: 100).map(\.runID) == [secondRun])
        #expect(try store.unsentResultCount(participantID: "P-A") == 1)
        // The column decides, not the metadata: an item whose metadata names no one is still A's.
        try store.database.execute(sql: "UPDATE outbox SET metadata = '{}' WHERE kind = 'withdrawal'")
        #expect(try store.pendingOutbox(participantID: "P-A", now: nil, limit: 100).count == 2)
    }

    @Test func aRunFinishedAfterItsParticipantLeftNamesThatParticipant() throws {
        let second = try rejoin()
        let receipt = try store.finishRun(FinishedRun(result: StoreFixtures.result(runID: savedRun), finishedAt: T.at(1300)))
        #expect(receipt.metadata.participantID == "P-A", "the run's own enrollment, not the latest")
        #expect(receipt.outboxItems.allSatisfy { $0.enrollmentID == first.enrollmentID })
        #expect(try second.resultCounts().stored == 0)
    }

    @Test func anUnscopedRunStartBelongsToTheCurrentEnrollment() throws {
        let second = try rejoin()
        let run = try store.startRun(id: UUID(), studyID: "s1", taskID: "mood", at: T.at(1100))
        #expect(run.enrollmentID == second.enrollmentID)
        #expect(try second.openRuns().map(\.run.id) == [run.id])
        let elsewhere = try store.startRun(id: UUID(), studyID: "other", taskID: "mood", at: T.at(1100))
        #expect(elsewhere.enrollmentID == nil, "no one is enrolled in that study")
    }

    @Test func aParticipantMarksOnlyTheirOwnMessagesRead() throws {
        let second = try rejoin()
        try second.markNotificationRead(id: "m-a", at: T.at(1100))
        #expect(try first.unreadNotificationCount() == 1)
        try first.markNotificationRead(id: "m-a", at: T.at(1100))
        #expect(try first.unreadNotificationCount() == 0)
    }
}

/// Notification ids are unique per enrollment: the journey's reminders and the study's messages
/// have ids made from the study and the task, and a participant who joins again gets their own.
@Suite struct ParticipantInboxTests {
    @Test func aRejoinedParticipantGetsTheirOwnCopyOfAMessageWithTheSameID() throws {
        let store = try StudyStore.inMemory()
        let first = store.scoped(to: try store.enroll(Enrollment(studyID: "s1", studyVersion: "1", enrolledAt: T.at(0))))
        let message = NotificationRecord(id: "message:s1:welcome", kind: .message, title: "Welcome", body: "b", createdAt: T.at(1))
        #expect(try first.addNotification(message))
        #expect(try !first.addNotification(message), "a redelivery stores nothing")
        try first.markNotificationRead(id: message.id, at: T.at(2))
        try store.withdraw(studyID: "s1", at: T.at(3))
        let second = store.scoped(to: try store.enroll(Enrollment(studyID: "s1", studyVersion: "1", enrolledAt: T.at(4))))
        #expect(try second.addNotification(message))
        #expect(try second.readableNotifications().records.map(\.readAt) == [nil], "their own, unread")
        #expect(try first.readableNotifications().records.map(\.readAt) == [T.at(2)])
    }

    @Test func aNotificationStoredWithoutAScopeGoesToTheCurrentEnrollmentOnce() throws {
        let store = try StudyStore.inMemory()
        let message = NotificationRecord(id: "m1", kind: .message, title: "t", body: "b", createdAt: T.at(1))
        #expect(try store.addNotification(message) && !store.addNotification(message), "no enrollment: still one")
        let current = store.scoped(to: try store.enroll(Enrollment(studyID: "s1", studyVersion: "1", enrolledAt: T.at(2))))
        #expect(try store.addNotification(NotificationRecord(id: "m2", kind: .message, title: "t", body: "b", createdAt: T.at(3))))
        #expect(try current.readableNotifications().records.map(\.id) == ["m2"])
    }
}
