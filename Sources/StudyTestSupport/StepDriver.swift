import Foundation
import StudyCore

/// Drives a `TaskRun` the way the upstream navigation tests do: each question step is answered
/// with its own identifier before going forward.
public struct StepDriver {
    public var run: TaskRun
    public let clock = TestClock()

    /// Decodes `json` as a Sage task and starts a run.
    public init(json: String, cohorts: Set<String> = [], abbreviated: Bool = false,
                conditions: any TaskConditions = NoTaskConditions()) throws {
        let task = try TaskFileLoader().load(data: Data(json.utf8), file: FileReference(url: URL(fileURLWithPath: "/fixture.json"), displayName: "fixture.json")).task!
        run = TaskRun(task: task, now: clock.now(), conditions: conditions, cohorts: cohorts, abbreviatedInstructions: abbreviated)
        run.start(now: clock.now())
    }

    /// The current step path, `section/child`.
    public var path: String? { run.currentPath }

    /// Answers (with the step id, for string questions) and goes forward.
    public mutating func forward() {
        if let step = run.currentStep, let q = step.question, q.fields.count == 1, case .text = q.fields[0].kind {
            run.setAnswers([q.fields[0].identifier: .string(step.identifier.rawValue)], now: clock.now())
        }
        run.goForward(now: clock.now())
    }

    /// Goes forward until the current path is `target` (at most 100 steps).
    public mutating func forward(to target: String) {
        var guardCount = 0
        while path != target, !run.isFinished, guardCount < 100 {
            forward()
            guardCount += 1
        }
    }

    /// Goes back.
    public mutating func back() { run.goBack(now: clock.now()) }

    /// Identifiers of the root's step history.
    public var history: [String] { run.result.root.stepHistory.map(\.identifier) }

    /// Identifiers of a section's history in the folded result.
    public func history(of section: String) -> [String] {
        guard case .section(let s)? = run.result.root.findResult(StepID(section)) else { return [] }
        return s.stepHistory.map(\.identifier)
    }
}
