import Foundation
import StudyCore
import Testing
@testable import StudyTUI

/// The journey's transition function alone: events in, the place and the effects out.
@Suite struct JourneyTransitionTests {
    /// The demo study's session, as enrolled at the fixture's time.
    static func session() throws -> StudySession {
        let def = try JourneyFixture.demo()
        return StudySession(membership: StudyMembership(studyID: def.identifier, studyVersion: def.version, enrolledAt: JourneyFixture.now),
                            definition: def)
    }

    /// A journey that has opened `session` (or welcome, for nil).
    static func opened(_ session: StudySession?, background: Bool = true) -> Journey {
        var journey = Journey(fetchesInBackground: background)
        _ = journey.start()
        _ = journey.handle(.opened(.success(session), updatedFrom: nil))
        return journey
    }

    /// The demo study's first task, ready to launch.
    static func launch(_ session: StudySession) -> TaskLaunch {
        TaskLaunch(studyID: session.studyID, studyVersion: session.definition.version, task: session.definition.tasks[0], window: nil, resume: nil)
    }

    @Test func startingReadsTheStoredEnrollmentThenShowsWelcomeOrTheDashboard() throws {
        var journey = Journey(fetchesInBackground: true)
        #expect(journey.start() == [.openSession])
        #expect(journey.place == .starting)
        var notEnrolled = journey
        #expect(notEnrolled.handle(.opened(.success(nil), updatedFrom: nil)) == [])
        #expect(notEnrolled.place == .welcome)
        let session = try Self.session()
        #expect(journey.handle(.opened(.success(session), updatedFrom: "0")) == [.loadFacts])
        #expect(journey.place == .dashboard(session))
    }

    @Test func aStudyThatCannotBeOpenedIsAFailedPlaceNamingTheReason() {
        var journey = Journey(fetchesInBackground: false)
        _ = journey.start()
        _ = journey.handle(.opened(.failure(.storage("the disk is gone")), updatedFrom: nil))
        #expect(journey.place == .failed("Your study cannot be opened: \(JourneyFailure.storage("the disk is gone").message)"))
    }

    @Test func signingUpLooksTheStudyUpAndAFoundStudyShowsItsConsent() throws {
        var journey = Self.opened(nil)
        #expect(journey.handle(.signUp(.demo)) == [.lookUp(.demo)])
        #expect(journey.place == .welcome, "the welcome stays while the study is looked up")
        var failed = journey
        #expect(failed.handle(.invitationFound(.failure(.addressMissing))) == [])
        #expect(failed.place == .welcome)
        let invitation = StudyInvitation(definition: try JourneyFixture.demo(), address: nil, token: nil)
        #expect(journey.handle(.invitationFound(.success(invitation))) == [])
        #expect(journey.place == .joining(invitation))
        #expect(journey.handle(.stopLookingUp) == [], "nothing is looked up any more")
    }

    @Test func agreeingJoinsAndDecliningGoesBackToWelcomeStoringNothing() throws {
        let invitation = StudyInvitation(definition: try JourneyFixture.demo(), address: nil, token: nil)
        var journey = Self.opened(nil)
        _ = journey.handle(.invitationFound(.success(invitation)))
        var declining = journey
        #expect(declining.handle(.decline) == [])
        #expect(declining.place == .welcome)
        #expect(journey.handle(.agree) == [.join(invitation)])
        var failing = journey
        #expect(failing.handle(.joined(.failure(.storage("full")))) == [])
        #expect(failing.place == .joining(invitation), "a consent that was not recorded stays on the consent")
        let session = try Self.session()
        #expect(journey.handle(.joined(.success(session))) == [.loadFacts])
        #expect(journey.place == .dashboard(session))
    }

    @Test func missingTasksAreFetchedInTheBackgroundOrBeforeTheDashboardsFacts() throws {
        var waiting = try Self.session()
        waiting.awaitingTasks = true
        let invitation = StudyInvitation(definition: waiting.definition, address: nil, token: nil)
        for background in [true, false] {
            var journey = Self.opened(nil, background: background)
            _ = journey.handle(.invitationFound(.success(invitation)))
            _ = journey.handle(.agree)
            let effects = journey.handle(.joined(.success(waiting)))
            #expect(effects == (background ? [.loadFacts, .checkVersion(waiting)] : [.checkVersion(waiting)]))
            // A failed fetch names its reason; without a background the facts are read next.
            #expect(journey.handle(.versionChecked(.failure(.storage("offline")))) == (background ? [] : [.loadFacts]))
            #expect(journey.session?.fetchProblem == JourneyFailure.storage("offline").message)
            var arrived = waiting
            arrived.awaitingTasks = false
            #expect(journey.handle(.versionChecked(.success(arrived))) == [.loadFacts])
            #expect(journey.place == .dashboard(arrived))
        }
    }

    @Test func settingsExportAndLeaveThenFarewellThenWelcome() throws {
        let session = try Self.session()
        var journey = Self.opened(session)
        #expect(journey.handle(.openSettings) == [.loadSyncStatus])
        #expect(journey.place == .settings(session))
        #expect(journey.handle(.export(folder: "/media/usb", createFolder: false))
                == [.export(studyID: session.studyID, folder: "/media/usb", createFolder: false)])
        #expect(journey.handle(.exported(.failure(.folderMissing("/media/usb")))) == [])
        #expect(journey.place == .settings(session))
        #expect(journey.handle(.leave(exportTo: nil, createFolder: false)) == [.leave(session, exportTo: nil, createFolder: false)])
        var failed = journey
        #expect(failed.handle(.left(.failure(.storage("locked")))) == [])
        #expect(failed.place == .settings(session), "a failed leave keeps the participant in the study")
        #expect(journey.handle(.left(.success(["You left.", "Thanks."]))) == [])
        #expect(journey.place == .farewell(["You left.", "Thanks."]))
        #expect(journey.handle(.farewellRead) == [])
        #expect(journey.place == .welcome)
    }

    @Test func whoeverJoinsAfterALeaveIsOfferedTheStudysMessagesAgain() throws {
        let session = try Self.session()
        var journey = Self.opened(session)
        _ = journey.handle(.factsLoaded(FactsUpdate(result: .success(DashboardFacts()), at: JourneyFixture.now, delivered: [],
                                                    offered: ["message:welcome"], fromClock: false)))
        #expect(journey.offeredToInbox == ["message:welcome"])
        _ = journey.handle(.openSettings)
        _ = journey.handle(.leave(exportTo: nil, createFolder: false))
        _ = journey.handle(.left(.success(["You left."])))
        #expect(journey.offeredToInbox.isEmpty, "the messages offered were the previous participant's")
    }

    @Test func theInboxAndSettingsGoBackToTheDashboardWhichReadsItsFactsAgain() throws {
        let session = try Self.session()
        var journey = Self.opened(session)
        #expect(journey.handle(.openInbox) == [.loadInbox])
        #expect(journey.handle(.messageRead("m1")) == [.markRead("m1")])
        #expect(journey.handle(.openInbox) == [.loadInbox], "the inbox lists again")
        #expect(journey.handle(.back) == [.loadFacts])
        _ = journey.handle(.openSettings)
        #expect(journey.handle(.reload) == [.reload(session)])
        #expect(journey.handle(.stopReloading) == [.cancelReload, .loadFacts])
        #expect(journey.place == .dashboard(session))
    }

    @Test func aReloadedNewVersionIsPutInForceInSettings() throws {
        let session = try Self.session()
        var newer = session
        newer.definition.version = "99"
        var journey = Self.opened(session)
        _ = journey.handle(.openSettings)
        var same = journey
        #expect(same.handle(.reloaded(.success(session))) == [])
        #expect(journey.handle(.reloaded(.success(newer))) == [.loadFacts])
        #expect(journey.place == .settings(newer))
    }

    @Test func aTaskRunsFromTheDashboardAndItsEndShowsTheDashboardAgain() throws {
        let session = try Self.session()
        let launch = Self.launch(session)
        var journey = Self.opened(session)
        #expect(journey.handle(.launch(launch)) == [.startTask(launch)])
        var failed = journey
        _ = failed.handle(.taskStarted(.failure(.storage("no")), launch))
        #expect(failed.place == .dashboard(session))
        let start = try FakeJourneyStore(now: JourneyFixture.now).startTask(launch, timeZone: TimeZone(identifier: "UTC")!).get()
        _ = journey.handle(.taskStarted(.success(start), launch))
        #expect(journey.place == .task(launch, session))
        #expect(journey.handle(.taskRecorded(.success(.completed), title: "Daily check-in")) == [.loadFacts])
        #expect(journey.place == .dashboard(session))
    }

    @Test func aNewVersionThatArrivesDuringATaskIsPutInForceWhenTheDashboardsFactsLoad() throws {
        let session = try Self.session()
        var newer = session
        newer.definition.version = "99"
        var journey = Self.opened(session)
        _ = journey.handle(.openInbox)
        #expect(journey.handle(.versionChecked(.success(newer))) == [])
        #expect(journey.pendingUpdate == newer && journey.place == .inbox(session))
        _ = journey.handle(.back)
        let update = FactsUpdate(result: .success(DashboardFacts()), at: JourneyFixture.now, delivered: [], offered: ["a"], fromClock: false)
        #expect(journey.handle(.factsLoaded(update)) == [.loadFacts])
        #expect(journey.place == .dashboard(newer) && journey.pendingUpdate == nil)
        #expect(journey.handle(.factsLoaded(update)) == [])
        #expect(journey.offeredToInbox == ["a"])
    }

    @Test func aChangedConsentIsReviewedFromTheDashboardAndDecliningKeepsTheTasksWaiting() throws {
        var session = try Self.session()
        session.consentIsCurrent = false
        var journey = Self.opened(session)
        #expect(journey.handle(.reviewConsent) == [])
        #expect(journey.place == .renewingConsent(session))
        var declining = journey
        #expect(declining.handle(.decline) == [.loadFacts])
        #expect(declining.place == .dashboard(session))
        #expect(journey.handle(.agree) == [.renewConsent(session)])
        var renewed = session
        renewed.consentIsCurrent = true
        #expect(journey.handle(.consentRenewed(.success(renewed))) == [.loadFacts])
        #expect(journey.place == .dashboard(renewed))
    }

    @Test func aChoiceThePlaceDoesNotOfferChangesNothing() throws {
        var journey = Self.opened(nil)
        for event: JourneyEvent in [.agree, .openSettings, .back, .leave(exportTo: nil, createFolder: false), .reload, .farewellRead] {
            #expect(journey.handle(event) == [])
            #expect(journey.place == .welcome)
        }
    }

    @Test func quittingEndsTheJourneyAndLaterEventsChangeNothing() throws {
        var journey = Self.opened(try Self.session())
        #expect(journey.handle(.quit) == [])
        #expect(journey.place == .ended(.quit))
        #expect(journey.handle(.openSettings) == [])
        #expect(journey.place == .ended(.quit))
    }

    @Test func aResetReturnsToWelcomeFromAnywhereKeepingNothingOfTheSession() throws {
        let session = try Self.session()
        var journey = Self.opened(session)
        _ = journey.handle(.openInbox)
        _ = journey.handle(.back)
        _ = journey.handle(.factsLoaded(FactsUpdate(result: .success(DashboardFacts()), at: JourneyFixture.now, delivered: [],
                                                    offered: ["reminder:x"], fromClock: false)))
        _ = journey.handle(.quit)
        #expect(journey.handle(.reset) == [.cancelLookUp, .cancelReload])
        #expect(journey.place == .welcome && journey.session == nil && journey.offeredToInbox.isEmpty)
        // An answer to the previous session that arrives late changes nothing.
        #expect(journey.handle(.joined(.success(session))) == [])
        #expect(journey.handle(.left(.success(["late"]))) == [])
        #expect(journey.place == .welcome)
    }
}
