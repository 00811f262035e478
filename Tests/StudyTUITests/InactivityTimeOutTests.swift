import Foundation
import StudyCore
import StudyTUI
import Testing
import TUIKit

/// A parent program (a kiosk session) stops a run for inactivity with `inactivityTimedOut`: the
/// run ends `timedOut`, keeping the answers so far or none, and the screen ends.
@Suite struct InactivityTimeOutTests {
    typealias Fake = AutosaveCommandTests.FakeAutosave

    /// A screen on the second step, the first answered (42) and "Oslo" typed into the second.
    func screenOnSecondStep(_ fake: Fake) throws -> TaskScreen {
        let t = AutosaveCommandTests()
        var screen = try t.screen(fake)
        t.type("42", into: &screen)
        screen.settle(.keyPressed(.enter))
        t.type("Oslo", into: &screen)
        #expect(screen.run.currentPath == "city")
        return screen
    }

    @Test func keepingPartialAnswersStoresThemAndEndsTheRunTimedOut() throws {
        let fake = Fake()
        var screen = try screenOnSecondStep(fake)
        let commands = screen.update(.inactivityTimedOut(keepPartial: true))
        #expect(fake.calls.count == 1, "update wrote")
        AutosaveCommandTests().runCommands(commands, on: &screen)
        #expect(fake.calls.count == 2)
        #expect(screen.exit == .finished)
        #expect(screen.run.finishReason == .timedOut)
        let answers = screen.run.result.answersOnPath.map(\.value)
        #expect(answers.contains(42) && answers.contains("Oslo"))
    }

    @Test func droppingPartialAnswersStoresNothingAndKeepsNoAnswer() throws {
        let fake = Fake()
        var screen = try screenOnSecondStep(fake)
        let commands = screen.update(.inactivityTimedOut(keepPartial: false))
        #expect(commands.contains { if case .quit = $0 { true } else { false } })
        #expect(fake.calls.count == 1)
        #expect(screen.exit == .finished)
        #expect(screen.run.finishReason == .timedOut)
        #expect(screen.run.result.answersOnPath.isEmpty)
    }

    @Test func aTimeOutEndsTheRunEvenWhenItsAnswersCannotBeStored() throws {
        let fake = Fake()
        var screen = try screenOnSecondStep(fake)
        fake.failing(AutosaveFailure("the disk is full"))
        screen.settle(.inactivityTimedOut(keepPartial: true))
        #expect(screen.exit == .finished)
        #expect(screen.run.finishReason == .timedOut)
    }

    @Test func aTimeOutClosesAnOpenMenu() throws {
        let fake = Fake()
        var screen = try screenOnSecondStep(fake)
        screen.settle(.keyPressed(.ctrl("c")))
        #expect(screen.overlay != nil)
        screen.settle(.inactivityTimedOut(keepPartial: false))
        #expect(screen.overlay == nil)
        #expect(screen.run.finishReason == .timedOut)
    }
}
