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

    @Test func whileASlowReloadRunsTheTimerTicksAndItsAnswerArrivesAsAMessage() async throws {
        let store = try JourneyFixture.enrolledStore()
        let fast = ScriptedServer([try JourneyFixture.demo(), try SettingsAndRemindersTests.version2()])
        let server = SlowServer(fast, delay: .seconds(1))
        // Opening the session asks the server too: let it finish, then reload, then let two
        // schedule minutes pass on the test clock while the reload is still on its way.
        let outcome = await run(store, server: server, script: [.realTime(.seconds(2))]
            + SettingsAndRemindersTests.reload + [.wait(.seconds(121)), .key(.character("x"))] + [.realTime(.seconds(2))])
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
        let outcome = await run(store, server: server, script: [.realTime(.milliseconds(200))]
            + JourneyFixture.keys(.character("d")) + [.realTime(.milliseconds(300)), .event(.resize(width: 70, height: 20))]
            + JourneyFixture.keys(.escape) + [.realTime(.milliseconds(300))])
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
        let server = SlowServer(fast, delay: .milliseconds(700))
        let outcome = await run(store, server: server, script: [.realTime(.seconds(2))]
            + SettingsAndRemindersTests.reload + JourneyFixture.keys(.escape) + [.realTime(.seconds(1))])
        #expect(server.seen.suffix(2) == ["fetchDefinition started", "fetchDefinition cancelled"])
        #expect(outcome.program.route == .dashboard)
        #expect(outcome.program.session?.definition.version == "1")
        #expect(!store.calls.contains { $0.hasPrefix("updateStudyVersion") })
        #expect(outcome.frames.last?.contains("The study was not reloaded.") == true)
    }
}
