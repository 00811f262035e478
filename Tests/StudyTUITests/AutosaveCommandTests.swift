import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// The autosave stays durable, outside `update` (issue 27): `update` returns the pending move, the
/// autosave command stores its snapshot, and only its `autosaved` message makes the move count or
/// puts it back with the reason.
@Suite struct AutosaveCommandTests {
    static let json = #"""
        {"identifier":"t","steps":[
         {"identifier":"age","type":"form","inputFields":[{"identifier":"age","type":"integer","range":{"minimumValue":0,"maximumValue":120}}]},
         {"identifier":"city","type":"form","inputFields":[{"identifier":"city","type":"string","optional":true}]},
         {"identifier":"end","type":"instruction"}]}
        """#

    /// A recording fake of the durable autosave: what it was handed, and an answer to give.
    final class FakeAutosave: @unchecked Sendable {
        private let lock = NSLock()
        private var handed: [EncodedSnapshot] = []
        private var failure: AutosaveFailure?
        /// Every snapshot handed over, in order.
        var calls: [EncodedSnapshot] { lock.withLock { handed } }
        /// Makes every later store fail with `failure` (nil: succeed).
        func failing(_ failure: AutosaveFailure?) { lock.withLock { self.failure = failure } }
        func save(_ snapshot: EncodedSnapshot) -> AutosaveFailure? {
            lock.withLock {
                handed.append(snapshot)
                return failure
            }
        }
    }

    func screen(_ fake: FakeAutosave) throws -> TaskScreen {
        var run = TaskRun(task: try ScreenDriver.task(Self.json), now: ScreenDriver.start)
        run.start(now: ScreenDriver.start)
        let env = TaskEnvironment(now: { ScreenDriver.start }, uptime: { 0 }, autosave: { fake.save($0) },
                                  timeZone: TimeZone(identifier: "UTC")!)
        var screen = TaskScreen(run: run, size: Size(width: 80, height: 24), environment: env)
        screen.settle(.stepAppeared)
        return screen
    }

    /// Types `text` as the loop would deliver it.
    func type(_ text: String, into screen: inout TaskScreen) {
        for c in text { screen.settle(.keyPressed(.character(c))) }
    }

    /// Runs the synchronous commands as the loop does, feeding their messages back.
    func runCommands(_ commands: [Command<TaskScreen.Message>], on screen: inout TaskScreen) {
        for case .perform(let effect) in commands {
            if let message = effect() { runCommands(screen.update(message), on: &screen) }
        }
    }

    @Test func updateStoresNothingAndTheAutosaveCommandStoresBeforeTheMoveCounts() throws {
        let fake = FakeAutosave()
        var screen = try screen(fake)
        type("42", into: &screen)
        let commands = screen.update(.keyPressed(.enter))
        #expect(fake.calls.isEmpty, "update wrote")
        #expect(screen.run.currentPath == "age", "the move counted before it was stored")
        #expect(commands.contains { if case .perform = $0 { true } else { false } })
        runCommands(commands, on: &screen)
        #expect(fake.calls.count == 1)
        #expect(fake.calls.first?.stepPath == "city")
        #expect(screen.run.currentPath == "city")
        #expect(screen.notice == nil)
    }

    @Test func eachAcceptedAnswerIsEncodedOnceAndHandedOverOnce() throws {
        let fake = FakeAutosave()
        var screen = try screen(fake)
        type("42", into: &screen)
        screen.settle(.keyPressed(.enter))
        type("Oslo", into: &screen)
        screen.settle(.keyPressed(.enter))
        screen.settle(.keyPressed(.enter))
        #expect(screen.run.finishReason == .completed)
        // Three accepted moves (age, city, the last step), one snapshot each; the last is the
        // answered last step, where a finish that cannot be recorded resumes.
        #expect(fake.calls.map(\.stepPath) == ["city", "end", "end"])
        for encoded in fake.calls {
            let snapshot = try RunSnapshot(json: encoded.json)
            #expect(EncodedSnapshot(snapshot) == encoded)
        }
    }

    @Test func aFailedStorePutsTheMoveBackWithTheReasonAndTheSameKeyGoesOnOnceItIsFixed() throws {
        let fake = FakeAutosave()
        var screen = try screen(fake)
        type("42", into: &screen)
        fake.failing(AutosaveFailure("the disk is full"))
        screen.settle(.keyPressed(.enter))
        #expect(fake.calls.count == 1)
        #expect(screen.run.currentPath == "age")
        #expect(screen.run.currentAnswers["age"] != 42)
        #expect(screen.notice == "Not saved: the disk is full. Fix it, then try again.")
        #expect(screen.exit == nil)
        fake.failing(nil)
        screen.settle(.keyPressed(.enter))
        #expect(screen.run.currentPath == "city")
        #expect(screen.run.result.answersOnPath.contains { $0.value == 42 })
    }

    @Test func aSignalEndsTheRunSavedEvenWhenItCannotBeStored() throws {
        let fake = FakeAutosave()
        var screen = try screen(fake)
        type("42", into: &screen)
        fake.failing(AutosaveFailure("the disk is full"))
        screen.settle(.signalled(.terminate))
        #expect(screen.exit == .signalled(.terminate))
        #expect(screen.run.finishReason == .saved)
        #expect(fake.calls.count == 1)
    }

    @Test func saveAndExitThatCannotBeStoredKeepsTheParticipantOnTheStep() throws {
        let fake = FakeAutosave()
        var screen = try screen(fake)
        fake.failing(AutosaveFailure("the disk is full"))
        screen.settle(.keyPressed(.ctrl("c")))
        screen.settle(.keyPressed(.character("2")))
        #expect(screen.exit == nil)
        #expect(screen.run.isFinished == false)
        #expect(screen.notice == "Not saved: the disk is full. Fix it, then try again.")
    }
}
