import Foundation
import StudyCore
import Testing
@testable import StudyStore

/// A kiosk session is its own participant: an enrollment the journey never sees, a session row,
/// and a scoped view whose runs carry the session's id.
@Suite struct KioskSessionTests {
    @Test func beginningASessionStoresItsRowAndItsOwnEnrollment() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, participant: "ROSTER-7", policy: .keep, at: 10)
        let session = try #require(try store.kioskSession(id: id))
        #expect(session.stationID == KioskFixtures.station)
        #expect(session.language == "de")
        #expect(session.partialPolicy == .keep)
        #expect(session.startedAt == T.at(10))
        #expect(session.endedAt == nil && session.endReason == nil)
        #expect(session.enrollmentID == scope.enrollmentID)
        #expect(scope.enrollment.participantID == "ROSTER-7")
        #expect(scope.enrollment.kioskSessionID == id)
        #expect(try store.allEnrollments().map(\.kioskSessionID) == [id])
    }

    @Test func everySessionIsANewParticipantWithoutTheAlreadyEnrolledCheck() throws {
        let store = try StudyStore.inMemory()
        let first = try KioskFixtures.begin(store, participant: "SAME", policy: .keep)
        let second = try KioskFixtures.begin(store, participant: "SAME", policy: .keep, at: 100)
        #expect(first.enrollmentID != second.enrollmentID)
        #expect(try store.allEnrollments().count == 2)
    }

    @Test(arguments: [nil, ""] as [String?])
    func anAnonymousSessionGetsANewRandomParticipantID(participant: String?) throws {
        let store = try StudyStore.inMemory()
        let a = try KioskFixtures.begin(store, participant: participant, policy: .discard)
        let b = try KioskFixtures.begin(store, participant: participant, policy: .discard)
        let idA = try #require(a.enrollment.participantID), idB = try #require(b.enrollment.participantID)
        #expect(UUID(uuidString: idA) != nil)
        #expect(idA != idB)
    }

    @Test func aSessionIDIsStoredOnce() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        try KioskFixtures.begin(store, id: id, policy: .keep)
        #expect(throws: StoreError.kioskSessionAlreadyExists(id)) { try KioskFixtures.begin(store, id: id, policy: .keep) }
        #expect(try store.allEnrollments().count == 1)
    }

    @Test func runsStartedThroughTheSessionCarryItsID() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .keep)
        let runID = try KioskFixtures.finishedRun(scope, at: 10)
        let run = try #require(try store.run(id: runID))
        #expect(run.kioskSessionID == id)
        #expect(run.enrollmentID == scope.enrollmentID)
        #expect(try store.runs(kioskSessionID: id).map(\.id) == [runID])
        let metadata = try #require(try store.result(runID: runID)).decodedMetadata()
        #expect(metadata["kioskSessionId"]?.stringValue == id.uuidString)
        #expect(metadata["kioskSessionEndReason"] == nil)
    }

    @Test func anEndedSessionStartsNoMoreRuns() throws {
        let store = try StudyStore.inMemory()
        let id = UUID()
        let scope = try KioskFixtures.begin(store, id: id, policy: .keep)
        try store.endKioskSession(id: id, reason: .timedOut, at: T.at(50))
        let late = UUID()
        #expect(throws: StoreError.kioskSessionEnded(id, reason: "timed-out")) {
            try scope.startRun(id: late, taskID: "mood", at: T.at(60))
        }
        #expect(try store.run(id: late) == nil)
    }

    @Test func theJourneysReadsNeverSeeASessionsEnrollment() throws {
        let store = try StudyStore.inMemory()
        let scope = try KioskFixtures.begin(store, policy: .keep)
        _ = try KioskFixtures.finishedRun(scope, at: 10)
        #expect(try store.currentEnrollment() == nil)
        #expect(try store.currentEnrollment(studyID: "s1") == nil)
        #expect(try store.currentScope(studyID: "s1") == nil)
        #expect(try store.latestScope(studyID: "s1") == nil)
        #expect(throws: StoreError.notEnrolled(studyID: "s1")) { try store.withdraw(studyID: "s1", at: T.at(20)) }
        // The journey can still join the same study in the same folder, and its view is its own.
        let joined = try store.enroll(Enrollment(studyID: "s1", studyVersion: "v7", enrolledAt: T.at(30)))
        #expect(try store.currentEnrollment(studyID: "s1")?.id == joined.id)
        let journey = try #require(try store.currentScope(studyID: "s1"))
        #expect(try journey.resultCounts() == ResultCounts(stored: 0, completed: 0, unsent: 0))
        #expect(try journey.dashboard().tasks.isEmpty)
    }

    @Test func aSessionBegunBesideTheJourneyLeavesItsCurrentEnrollmentAlone() throws {
        let store = try StoreFixtures.enrolledStore()
        let before = try store.currentEnrollment(studyID: "s1")
        let scope = try KioskFixtures.begin(store, policy: .keep, at: 500)
        _ = try KioskFixtures.finishedRun(scope, at: 510)
        #expect(try store.currentEnrollment(studyID: "s1") == before)
        #expect(try store.latestScope(studyID: "s1")?.enrollmentID == before?.id)
        // A journey run started by study goes to the journey's participant, not the session's.
        let run = UUID()
        try store.startRun(id: run, studyID: "s1", taskID: "mood", at: T.at(600))
        #expect(try store.run(id: run)?.enrollmentID == before?.id)
        #expect(try store.run(id: run)?.kioskSessionID == nil)
        #expect(try store.currentScope(studyID: "s1")?.resultCounts().stored == 0)
    }
}
