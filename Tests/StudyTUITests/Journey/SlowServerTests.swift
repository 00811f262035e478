import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// The journey with a server that takes seconds per call: the screen keeps answering keys and
/// the schedule timer keeps ticking while a call runs, its answer arrives as a message, and a call
/// is cancelled when the participant leaves the screen that made it. The loop runs as in the app
/// (no settling of work) on a thread of its own.
@Suite struct SlowServerTests {
    struct Outcome: @unchecked Sendable {
        var program: JourneyProgram
        var frames: [String]
    }

    /// Runs the journey on its own thread, the way the app runs it on its main thread.
    func run(_ store: FakeJourneyStore, server: any StudyServer, script: [HeadlessTerminal.Input]) async -> Outcome {
        await withCheckedContinuation { done in
            Thread {
                let terminal = HeadlessTerminal(width: 80, height: 24, script: script)
                store.clock = terminal.clock
                var loop = EventLoop(program: JourneyProgram(services: store.services(server: server), size: terminal.size),
                                     terminal: terminal, clock: terminal.clock.monotonic)
                _ = loop.run()
                done.resume(returning: Outcome(program: loop.program, frames: terminal.frames.map { $0.canvas.plainText() }))
            }.start()
        }
    }

    /// The bound of every real-time wait: generous, since a wait ends as soon as its event happens.
    static let bound = Duration.seconds(60)

    /// Waits until the server saw `event` (`count` times).
    static func until(_ server: SlowServer, saw event: String, count: Int = 1) -> HeadlessTerminal.Input {
        .realTimeUntil(.init { _ in server.seen.filter { $0 == event }.count >= count }, bound: bound)
    }

    @Test func whileASlowReloadRunsTheTimerTicksAndItsAnswerArrivesAsAMessage() async throws {
        let store = try JourneyFixture.enrolledStore()
        let fast = ScriptedServer([try JourneyFixture.demo(), try SettingsAndRemindersTests.version2()])
        // The reload's answer waits at a gate the script opens: it is still on its way, however
        // busy the machine, while two schedule minutes pass on the test clock.
        let gate = SlowServer.Gate(passes: 1)
        let server = SlowServer(fast, delay: .milliseconds(100), gate: gate)
        let opened = Self.until(server, saw: "fetchDefinition finished")
        let reloadStarted = Self.until(server, saw: "fetchDefinition started", count: 2)
        let outcome = await run(store, server: server, script: [opened, .realTimeUntil(.shows("Your tasks"), bound: Self.bound)]
            + SettingsAndRemindersTests.reload + [reloadStarted, .wait(.seconds(121)), .key(.character("x")),
                                                  .realTimeUntil(.perform { gate.open() }, bound: Self.bound),
                                                  .realTimeUntil(.shows("Updated from version 1 to 2:"), bound: Self.bound)])
        let factsBeforeReloadEnded = store.calls.prefix { !$0.hasPrefix("updateStudyVersion") }.filter { $0 == "loadFacts" }.count
        // The dashboard's first read, then at least two timer reads while the server was busy.
        #expect(factsBeforeReloadEnded >= 3)
        #expect(outcome.frames.contains { $0.contains("Checking for an updated study definition") })
        #expect(server.seen == ["fetchDefinition started", "fetchDefinition finished", "fetchDefinition started", "fetchDefinition finished"])
        #expect(outcome.program.settings?.report?.first == "Updated from version 1 to 2:")
        #expect(store.calls.contains("updateStudyVersion 2"))
    }

    @Test func escapeWhileLookingUpCancelsTheCallAndStaysOnWelcome() async throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let server = SlowServer(JourneyFixture.server(), delay: .seconds(30))
        let outcome = await run(store, server: server, script: [.realTimeUntil(.shows("Welcome to StudyTerm"), bound: Self.bound)]
            + JourneyFixture.keys(.character("d"))
            + [Self.until(server, saw: "lookUp started"), .event(.resize(width: 70, height: 20))]
            + JourneyFixture.keys(.escape) + [Self.until(server, saw: "lookUp cancelled"),
                                              .realTimeUntil(.shows("Stopped looking up the study."), bound: Self.bound)])
        #expect(server.seen == ["lookUp started", "lookUp cancelled"])
        // While the call ran, the screen said so and answered a resize.
        #expect(outcome.frames.contains { $0.contains("Opening the demo study… (Esc stops)") && $0.split(separator: "\n").first?.count ?? 0 <= 70 })
        #expect(outcome.program.route == .welcome)
        #expect(outcome.program.welcome.busy == nil)
        #expect(outcome.frames.last?.contains("Stopped looking up the study.") == true)
        #expect(store.calls.allSatisfy { $0 == "loadMembership" })
    }

    @Test func leavingSettingsDuringAReloadCancelsItAndStoresNothing() async throws {
        let store = try JourneyFixture.enrolledStore()
        let fast = ScriptedServer([try JourneyFixture.demo(), try SettingsAndRemindersTests.version2()])
        let server = SlowServer(fast, delay: .milliseconds(100), gate: SlowServer.Gate(passes: 1))   // the reload never ends by itself
        let outcome = await run(store, server: server, script: [Self.until(server, saw: "fetchDefinition finished"),
                                                                .realTimeUntil(.shows("Your tasks"), bound: Self.bound)]
            + SettingsAndRemindersTests.reload + [Self.until(server, saw: "fetchDefinition started", count: 2)]
            + JourneyFixture.keys(.escape) + [Self.until(server, saw: "fetchDefinition cancelled"),
                                              .realTimeUntil(.shows("The study was not reloaded."), bound: Self.bound)])
        #expect(server.seen.suffix(2) == ["fetchDefinition started", "fetchDefinition cancelled"])
        #expect(outcome.program.route == .dashboard)
        #expect(outcome.program.session?.definition.version == "1")
        #expect(!store.calls.contains { $0.hasPrefix("updateStudyVersion") })
        #expect(outcome.frames.last?.contains("The study was not reloaded.") == true)
    }
}
