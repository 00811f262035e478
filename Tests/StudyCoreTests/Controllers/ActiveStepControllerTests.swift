import StudyCore
import Testing

@Suite struct ActiveStepControllerTests {
    func controller(_ active: ActiveStep) -> ActiveStepController {
        ActiveStepController(step: StepDefinition(identifier: "a", kind: .active(active)), active: active)
    }

    @Test func countdownShowsCeilDurationMinusFloorElapsed() {
        var c = controller(ActiveStep(duration: 2.5))
        _ = c.handle(.start(at: 100))
        #expect(c.remainingSeconds == 3)
        _ = c.handle(.tick(at: 100.9))
        #expect(c.remainingSeconds == 3)
        _ = c.handle(.tick(at: 101.2))
        #expect(c.remainingSeconds == 2)
    }

    @Test func spokenInstructionsFallDueOnceIncludingTheEnd() {
        var c = controller(ActiveStep(duration: 10, commands: [.playSoundOnStart, .playSoundOnFinish, .continueOnFinish],
                                      spokenInstructions: [SpokenInstruction(time: 0, text: "Go"), SpokenInstruction(time: 5, text: "Half"),
                                                           SpokenInstruction(time: .infinity, text: "Done")]))
        let start = c.handle(.start(at: 0))
        #expect(start.bell)
        #expect(start.captions == ["Go"])
        #expect(c.handle(.tick(at: 4)).captions.isEmpty)
        #expect(c.handle(.tick(at: 5)).captions == ["Half"])
        #expect(c.handle(.tick(at: 6)).captions.isEmpty)
        let end = c.handle(.tick(at: 10))
        #expect(end.captions == ["Done"])
        #expect(end.bell)
        #expect(end.request == .forward(nil))
        #expect(c.remainingSeconds == 0)
    }

    @Test func pausesAreLeftOutOfTheRunningTime() {
        var c = controller(ActiveStep(duration: 10))
        _ = c.handle(.start(at: 0))
        _ = c.handle(.pause(at: 3))
        #expect(c.handle(.tick(at: 50)) == .ignored)
        _ = c.handle(.resume(at: 50))
        _ = c.handle(.tick(at: 52))
        #expect(c.elapsed == 5)
        #expect(c.remainingSeconds == 5)
    }

    @Test func aTimedStepWaitsForItsStartBeforeNext() {
        var c = controller(ActiveStep(duration: 5))
        #expect(c.handle(.goForward).request == nil)
        _ = c.handle(.start(at: 0))
        #expect(c.handle(.goForward).request == .forward(nil))
    }
}
