import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The study's consent in a kiosk session: after identification, before the first task; agreeing
/// is stored with the chosen language before any task, declining ends the session with no task.
@Suite struct KioskConsentTests {
    /// The agreements the fake services were asked to store, and what they answer.
    final class Agreements: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [KioskServices.Agreement] = []
        /// Whether storing fails.
        let failing: Bool

        init(failing: Bool = false) { self.failing = failing }

        var all: [KioskServices.Agreement] { lock.withLock { stored } }

        func record(_ agreement: KioskServices.Agreement) -> Result<Void, JourneyFailure> {
            if failing { return .failure(.storage("disk full")) }
            lock.withLock { stored.append(agreement) }
            return .success(())
        }
    }

    /// A study whose consent is one short paragraph and no notice (focus starts on "I agree").
    static let study = StudyDefinition(identifier: "s1", version: "3", title: "Sleep study", purpose: "How you slept.",
                                       consent: ConsentDocument(version: "1", text: "Taking part is voluntary."), tasks: [])

    func station() -> KioskStation {
        KioskStation(name: "Lobby station", plan: [KioskPlanItem(task: "note")], languages: ["en", "de"],
                     timeouts: KioskTimeouts(screenSeconds: 60, warningSeconds: 20, maxExtensions: 10, thankYouSeconds: 5),
                     identification: ParticipantIDCheck(mode: .staff(check: nil)), consent: Self.study)
    }

    func run(_ script: [HeadlessTerminal.Input], agreements: Agreements) -> (HeadlessTerminal, KioskFakeServices, KioskProgram) {
        let clock = ManualClock()
        let fakes = KioskFakeServices(clock: clock)
        var services = fakes.services
        services.recordConsent = { agreements.record($0) }
        let terminal = HeadlessTerminal(width: 80, height: 24, script: script, clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station(), services: services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        _ = loop.run()
        return (terminal, fakes, loop.program)
    }

    /// Welcome → German → id "P1" typed → the consent.
    static let toConsent: [HeadlessTerminal.Input] = [.key(.enter), .key(.character("2")), .key(.character("P")),
                                                      .wait(.milliseconds(200)), .key(.character("1")), .key(.enter)]

    @Test func theConsentShowsAfterIdentificationAndAgreeingStoresItWithTheLanguageBeforeTheTask() {
        let agreements = Agreements()
        let (terminal, fakes, program) = run(Self.toConsent + [.key(.enter)], agreements: agreements)
        let texts = terminal.frames.map { $0.canvas.plainText() }
        #expect(texts.contains { $0.contains("Taking part is voluntary.") && $0.contains("I agree") })
        #expect(!texts.contains { $0.contains("I agree") && $0.contains("Ctrl-C") }, "the journey's quit key is not offered at a station")
        #expect(fakes.begun.map(\.participantID) == ["P1"], "the session is stored before the consent")
        #expect(agreements.all == [KioskServices.Agreement(sessionID: fakes.begun[0].sessionID, language: "de")])
        #expect(program.screen.name == "task")
    }

    @Test func decliningEndsTheSessionCompletedWithNoTaskAndGoesToWelcomeWithoutAThankYou() {
        let agreements = Agreements()
        let (terminal, fakes, program) = run(Self.toConsent + [.key(.escape), .key(.escape)], agreements: agreements)
        #expect(agreements.all.isEmpty)
        #expect(fakes.ended.map(\.reason) == [.completed] && fakes.ended.first?.tasksCompleted == 0)
        #expect(fakes.events == ["begin", "end"], "no task was started")
        #expect(program.screen.name == "welcome" && program.session == nil && program.language == "en")
        #expect(!terminal.frames.contains { $0.canvas.plainText().contains("Thank you!") })
        #expect(terminal.wipes.count == 1)
    }

    @Test func anIdleConsentTimesOutAndTheSessionIsStoredTimedOut() {
        let agreements = Agreements()
        let (_, fakes, program) = run(Self.toConsent + [.wait(.seconds(61))], agreements: agreements)
        #expect(fakes.ended.map(\.reason) == [.timedOut])
        #expect(agreements.all.isEmpty)
        #expect(program.screen.name == "welcome")
    }

    @Test func aConsentThatCannotBeStoredSaysSoAndNoTaskStarts() {
        let agreements = Agreements(failing: true)
        let (terminal, fakes, program) = run(Self.toConsent + [.key(.enter)], agreements: agreements)
        #expect(program.screen.name == "consent")
        #expect(terminal.lastFrame?.canvas.plainText().contains("could not be stored") == true)
        #expect(fakes.events == ["begin"])
    }

    @Test func aTestSessionShowsTheConsentButStoresNoAgreement() {
        let agreements = Agreements()
        let clock = ManualClock()
        let fakes = KioskAdminFakes(clock: clock)
        var services = fakes.services
        services.recordConsent = { agreements.record($0) }
        let script: [HeadlessTerminal.Input] = KioskAdminMenuTests.toMenu + KioskAdminMenuTests.choose(3) + [.key(.character("2"))]
            + HeadlessTerminal.Input.typing("P1") + [.key(.enter), .key(.enter)]
        let terminal = HeadlessTerminal(width: 80, height: 24, script: script, clock: clock)
        var loop = EventLoop(program: KioskProgram(station: station(), services: services, size: terminal.size, clock: clock.monotonic),
                             terminal: terminal, clock: clock.monotonic)
        _ = loop.run()
        #expect(terminal.frames.contains { $0.canvas.plainText().contains("I agree") && $0.canvas.plainText().contains("TEST (not stored)") })
        #expect(agreements.all.isEmpty, "a test session stores no consent")
        #expect(loop.program.screen.name == "task" && fakes.testTasksStarted == 1)
    }
}
