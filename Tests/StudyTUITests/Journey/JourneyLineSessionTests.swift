import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// The journey as line prompts over the same services as the full screen.
@Suite struct JourneyLineSessionTests {
    /// Plays a session over `store` with `lines` as input; returns the outcome and everything written.
    static func play(_ store: FakeJourneyStore, _ lines: [String]) -> (JourneyOutcome, String) {
        var input = lines[...]
        var written = ""
        var session = JourneyLineSession(services: store.services(server: JourneyFixture.server()),
                                         output: { written += $0 }, readLine: { input.popFirst() }, sleep: { _ in })
        let outcome = session.play()
        return (outcome, written)
    }

    @Test func joiningRecordsTheConsentBeforeEnrollingAndShowsTheFullText() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (outcome, written) = Self.play(store, ["2", "y", "y", "1", "q"])
        #expect(outcome == .quit)
        let consent = try #require(store.calls.firstIndex(of: "recordConsent"))
        let enroll = try #require(store.calls.firstIndex(of: "enroll"))
        #expect(consent < enroll)
        let def = try JourneyFixture.demo()
        for notice in def.notices { #expect(written.contains(notice.text)) }
        #expect(written.contains("Your data"))
        #expect(written.contains("1. Daily check-in: all day, open now, about 3 min."))
        #expect(written.contains("Results stored: 0 (0 completed), not yet sent: 0."))
    }

    @Test func decliningAStatementStoresNothing() {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (_, written) = Self.play(store, ["2", "n", "3"])
        #expect(written.contains("You did not join StudyTerm demo study. Nothing was stored."))
        #expect(!store.calls.contains("recordConsent") && !store.calls.contains("enroll"))
    }

    @Test func aTaskNumberStartsTheTaskInTheSameSessionAndTheDashboardShowsAfterIt() throws {
        let store = try JourneyFixture.enrolledStore()
        let (outcome, written) = Self.play(store, ["1", "cancel", "q"])
        #expect(outcome == .quit)
        #expect(store.calls.contains("startTask checkin"))
        let finish = try #require(store.calls.firstIndex(of: "finish discarded"))
        #expect(store.calls[finish...].contains("loadFacts"), "the dashboard is read again after the task")
        let after = try #require(written.components(separatedBy: "Daily check-in was discarded; nothing was kept.").last)
        #expect(after.contains("Your tasks:") && after.contains("1. Daily check-in"))
        let (later, early) = Self.play(try JourneyFixture.enrolledStore(at: JourneyFixture.now.addingTimeInterval(-3 * 3600)), ["4", "q"])
        #expect(later == .quit)
        #expect(early.contains("Paced breathing opens 08:00."))
    }

    @Test func oneJourneyLivesFromStartToQuitAcrossATask() throws {
        let store = try JourneyFixture.enrolledStore()
        var input = ["1", "save", "q"][...]
        var written = ""
        var session = JourneyLineSession(services: store.services(server: JourneyFixture.server()), output: { written += $0 },
                                         readLine: { input.popFirst() }, sleep: { _ in })
        #expect(session.play() == .quit)
        #expect(session.journey.place == .ended(.quit))
        #expect(written.contains("Saved.\n\nDaily check-in is saved; resume it from the dashboard."))
        #expect(store.calls.filter { $0 == "loadMembership" }.count == 1,
                "the enrollment is read once, not again for a new session after the task")
    }

    @Test func whatWaitsIsSentAfterATaskBeforeTheDashboardIsRead() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = SyncStatus(waiting: 0)
        _ = Self.play(store, ["1", "cancel", "q"])
        let finish = try #require(store.calls.firstIndex(of: "finish discarded"))
        let rest = Array(store.calls[finish...])
        let send = try #require(rest.firstIndex(of: "sendOutbox"))
        let facts = try #require(rest.firstIndex(of: "loadFacts"))
        #expect(send < facts)
    }

    @Test func theEndOfInputDuringATaskSavesItSaysSoLastAndQuits() throws {
        let store = try JourneyFixture.enrolledStore()
        var input = ["1"][...]
        var written = ""
        var session = JourneyLineSession(services: store.services(server: JourneyFixture.server()), output: { written += $0 },
                                         readLine: { input.popFirst() }, sleep: { _ in })
        #expect(session.play() == .quit)
        #expect(store.calls.last == "finish saved")
        #expect(session.closingNotice == "Daily check-in is saved; resume it from the dashboard.")
        #expect(written.hasSuffix("Input ended.\nDaily check-in is saved; resume it from the dashboard.\n"))
    }

    @Test func aTaskThatCannotStartSaysWhyAndTheDashboardShowsAgain() throws {
        let store = try JourneyFixture.enrolledStore()
        store.taskFailure = "its file is gone"
        let (outcome, written) = Self.play(store, ["1", "q"])
        #expect(outcome == .quit)
        let after = try #require(written.components(separatedBy: "! Daily check-in cannot be loaded: its file is gone").last)
        #expect(after.contains("Your tasks:"))
    }

    @Test func readingAMessageMarksItRead() throws {
        let store = try JourneyFixture.enrolledStore()
        _ = Self.play(store, ["m", "1", "b", "q"])
        #expect(store.inbox.first?.isUnread == false)
        #expect(store.inbox.dropFirst().allSatisfy { $0.isUnread })
    }

    @Test func aMissingExportFolderIsMadeOnlyWhenTheParticipantSaysYes() throws {
        let store = try JourneyFixture.enrolledStore()
        store.missingFolders = ["/media/usb/new"]
        let (_, refused) = Self.play(store, ["s", "3", "/media/usb/new", "n", "q"])
        #expect(!store.calls.contains { $0.hasPrefix("exportData") })
        #expect(refused.contains("The folder /media/usb/new does not exist. Make it?"))
        _ = Self.play(store, ["s", "3", "/media/usb/new", "y", "q"])
        #expect(store.calls.last == "exportData /media/usb/new (made)")
    }

    @Test func leavingWithExportAsksForTheFolderAndEndsOnTheClosingText() throws {
        let store = try JourneyFixture.enrolledStore()
        let (_, written) = Self.play(store, ["s", "5", "1", "", "q"])
        #expect(store.calls.contains("exportData /home/ada/study-exports"))
        #expect(store.calls.last == "withdraw")
        #expect(written.contains("You left StudyTerm demo study."))
        #expect(written.contains("Thank you for trying the StudyTerm demo study."))
    }

    @Test func theEndOfInputQuits() {
        let (outcome, _) = Self.play(FakeJourneyStore(now: JourneyFixture.now), [])
        #expect(outcome == .quit)
    }

    @Test func aConsentThatCannotBeRecordedAsksForTheAgreementAgainAsTheFullScreenStays() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        store.consentFailure = "the disk is full"
        let (outcome, written) = Self.play(store, ["2", "y", "y", "1", "q"])
        #expect(outcome == .quit)
        #expect(written.contains("! Your consent could not be recorded: "))
        let after = try #require(written.components(separatedBy: "could not be recorded").last)
        #expect(after.contains("Do you agree to take part in StudyTerm demo study?"), "the agreement is asked again")
        #expect(!after.contains("Statement 1 of 2") && !after.contains("What would you like to do?"), "neither the statements nor welcome again")
        #expect(!store.calls.contains("enroll"))
    }

    @Test func aResetSessionGoesOnFromWelcome() throws {
        var input = ["q"][...]
        var written = ""
        var session = JourneyLineSession(services: try JourneyFixture.enrolledStore().services(server: JourneyFixture.server()),
                                         output: { written += $0 }, readLine: { input.popFirst() })
        session.perform(session.journey.start())
        #expect(session.journey.session != nil)
        session.reset()
        #expect(session.proceed() == .quit)
        #expect(written.contains("Welcome to StudyTerm. What would you like to do?") && !written.contains("Your tasks:"))
    }
}
