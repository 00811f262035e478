import Testing
@testable import StudyCore

/// Trail making's typed labels, errors and time, driven with scripted times (issue 25).
@Suite("Trail making task")
struct TrailMakingTaskTests {
    func task(_ part: TrailMaking.Part, targets: Int = 13) -> TrailMakingTask {
        var p = TrailMakingParameters()
        p.trailType = part
        p.numberOfTargets = targets
        return TrailMakingTask(parameters: p, practice: false, seed: 4)
    }

    @Test("part A: labels typed in order finish the trail; two-digit labels wait for their second digit")
    func partA() {
        var t = task(.a, targets: 12)
        #expect(t.begin(at: .seconds(1)).stampFrame)
        _ = t.framePresented(at: .milliseconds(1_010))
        var now = Duration.seconds(1)
        var last = TimedEffect.none
        for label in t.trail.labels {
            for c in label {
                now += .milliseconds(100)
                last = t.keyRead(String(c), at: now)
            }
        }
        #expect(last.wake == .cancel && t.isFinished && t.trail.errors == 0)
        #expect(t.completionTimeMs == (now - .milliseconds(1_010)).milliseconds)
        #expect(Set(t.places).count == 12, "each target has its own place")
    }

    @Test("part B alternates numbers and letters, and a wrong label is an error that does not move on")
    func partBErrors() {
        var t = task(.b, targets: 5)
        #expect(t.trail.labels == ["1", "A", "2", "B", "3"])
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        _ = t.keyRead("1", at: .milliseconds(100))
        #expect(t.keyRead("2", at: .milliseconds(200)).bell && t.lastWasError)
        #expect(t.reached == 1 && t.trail.errors == 1)
        _ = t.keyRead("a", at: .milliseconds(300))
        #expect(t.reached == 2 && !t.lastWasError)
        #expect(t.keyRead("-", at: .milliseconds(350)).bell)
        #expect(t.trail.errors == 1, "a key that is no label is not an error")
        let records = t.trialRecords
        #expect(records.count == 3 && records[1]["incorrect"] == .bool(true) && records[1]["expected"] == .string("A"))
        let values = Dictionary(uniqueKeysWithValues: t.summary.map { ($0.identifier, $0.value) })
        #expect(values["numberOfErrors"] == .int(1) && values["timeMs"] == .null, "not finished")
    }

    @Test("a first digit that cannot start the expected label is an error at once")
    func prefixError() {
        var t = task(.a, targets: 12)
        _ = t.begin(at: .zero)
        _ = t.framePresented(at: .zero)
        for n in 1...9 { _ = t.keyRead(String(n), at: .milliseconds(n * 10)) }
        _ = t.keyRead("1", at: .milliseconds(100))
        #expect(t.typed == "1" && t.trail.errors == 0)
        _ = t.keyRead("1", at: .milliseconds(110))
        #expect(t.trail.errors == 1 && t.typed.isEmpty, "11 is not 10")
        _ = t.keyRead("1", at: .milliseconds(120))
        _ = t.keyRead("backspace", at: .milliseconds(130))
        #expect(t.typed.isEmpty && t.trail.errors == 1)
    }
}
