import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// A study that changes its consent text: the tasks wait until the participant agrees again.
@Suite struct ReconsentTests {
    /// The demo study as version 3, with a changed consent text.
    static func changedConsent() throws -> StudyDefinition {
        var def = try JourneyFixture.demo()
        def.version = "3"
        def.consent = ConsentDocument(version: "2", text: def.consent.text + "\n\nWe now also keep your answers for ten years.")
        return def
    }

    /// Keys that tick both demo notices and agree.
    static let agreeKeys = JourneyFlowTests.agreeKeys

    @Test func aChangedConsentFoundAtStartHoldsTheTasks() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, terminal) = JourneyFixture.run(store, server: ScriptedServer([try Self.changedConsent()]), script: [])
        #expect(program.route == .dashboard)
        #expect(program.session?.consentIsCurrent == false)
        #expect(program.notice == Notice("The study changed its consent. Press C to read it and agree again before your next task.",
                                         tone: .reminder))
        let screen = JourneyFixture.screen(terminal)
        #expect(screen.contains("! The consent changed: press C to read it and agree again"))
        #expect(screen.contains("C new consent"))
    }

    @Test func startingATaskShowsTheChangedConsentInstead() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, terminal) = JourneyFixture.run(store, server: ScriptedServer([try Self.changedConsent()]),
                                                     script: JourneyFixture.keys(.enter))
        #expect(program.outcome == nil)
        #expect(program.route == .consent)
        #expect(program.consent?.purpose == .renewing(try #require(program.session)))
        #expect(JourneyFixture.screen(terminal).contains("The study changed its consent since you agreed (consent version 2)."))
    }

    @Test func agreeingAgainRecordsTheNewTextAndOpensTheTasks() throws {
        let store = try JourneyFixture.enrolledStore()
        let def = try Self.changedConsent()
        let (program, _) = JourneyFixture.run(store, server: ScriptedServer([def]),
                                              script: JourneyFixture.keys(.character("c")) + Self.agreeKeys + JourneyFixture.keys(.enter))
        #expect(store.consents.count == 2)
        #expect(store.consents.last?.text == def.consentTextShown)
        #expect(store.consents.last?.consentVersion == "2")
        #expect(store.consents.last?.definitionVersion == "3")
        #expect(!store.calls.contains("enroll"))
        guard let launch = program.taskVisit?.launch else { Issue.record("no task: \(program.route)"); return }
        #expect(launch.task.identifier == "checkin")
        #expect(launch.studyVersion == "3")
    }

    @Test func decliningKeepsTheTasksWaitingAndStoresNothing() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, terminal) = JourneyFixture.run(store, server: ScriptedServer([try Self.changedConsent()]),
                                                     script: JourneyFixture.keys(.character("c"), .escape, .escape))
        #expect(program.route == .dashboard)
        #expect(store.consents.count == 1)
        #expect(store.membership != nil)
        #expect(program.session?.consentIsCurrent == false)
        #expect(program.notice?.text == "Your tasks wait until you agree to the new consent (C). To stop taking part, leave the study under Settings.")
        #expect(JourneyFixture.screen(terminal).contains("Your tasks wait until you agree to the new consent"))
    }

    @Test func aReloadWithAChangedConsentSaysTheTasksWait() throws {
        let store = try JourneyFixture.enrolledStore()
        let server = ScriptedServer([try JourneyFixture.demo(), try Self.changedConsent()])
        let (program, _) = JourneyFixture.run(store, server: server, script: SettingsAndRemindersTests.reload)
        #expect(program.settings?.report == [
            "Updated from version 1 to 3:", "• The consent text changed (version 1 → 2).",
            "Your tasks wait until you agree to the new consent: press C on the dashboard to read it.",
            "Your answers, unsent results and unfinished tasks are kept.",
        ])
        #expect(program.session?.consentIsCurrent == false)
    }

    @Test func aNewVersionWithTheSameConsentNeedsNoNewAgreement() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, server: ScriptedServer([try SettingsAndRemindersTests.version2()]),
                                              script: JourneyFixture.keys(.enter))
        #expect(program.session?.consentIsCurrent == true)
        #expect(program.taskVisit != nil, "no task: \(program.route)")
    }
}
