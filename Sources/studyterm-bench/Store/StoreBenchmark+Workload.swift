import Foundation
import StudyCore
import StudyStore

extension StoreBenchmark {
    /// A restoration snapshot of a 20-question survey halfway through (about 2 KB of JSON).
    static func sampleSnapshot(answered: Int = 20) -> JSONValue {
        let answers: [JSONValue] = (0..<answered).map { i in
            ["identifier": .string("question_\(i)"), "type": "answer", "startDate": "2026-05-01T10:00:00.000+02:00",
             "endDate": "2026-05-01T10:00:05.000+02:00", "value": .int(i % 5), "answerType": ["type": "integer"]]
        }
        return ["taskRunUUID": .string(UUID().uuidString), "taskIdentifier": "bench", "stepHistory": .array(answers),
                "path": .array((0..<answered).map { ["identifier": .string("question_\($0)"), "direction": "forward"] })]
    }

    /// Times `count` snapshot saves on one open run, as after every accepted answer.
    static func timeSnapshots(_ store: StudyStore, count: Int, snapshot: JSONValue) throws(StoreError) -> LatencySample {
        let runID = UUID()
        try store.startRun(id: runID, studyID: "bench", taskID: "survey", at: Date())
        var timings: [Double] = []
        timings.reserveCapacity(count)
        for i in 0..<count {
            timings.append(try LatencySample.time { () throws(StoreError) in
                try store.saveSnapshot(runID: runID, data: snapshot, stepPath: "question_\(i % 20)", at: Date())
            })
        }
        try store.discardRun(runID: runID, at: Date())
        return LatencySample(milliseconds: timings)
    }

    /// Times `count` run finishes (each run started and answered once beforehand, untimed).
    static func timeFinishes(_ store: StudyStore, count: Int) throws(StoreError) -> LatencySample {
        var timings: [Double] = []
        for _ in 0..<count {
            let runID = UUID()
            try store.startRun(id: runID, studyID: "bench", taskID: "survey", at: Date())
            try store.saveSnapshot(runID: runID, data: sampleSnapshot(answered: 1), stepPath: "question_0", at: Date())
            let finished = FinishedRun(result: sampleResult(runID: runID), finishedAt: Date())
            timings.append(try LatencySample.time { () throws(StoreError) in try store.finishRun(finished) })
        }
        return LatencySample(milliseconds: timings)
    }

    /// Stores `count` finished runs over 12 tasks (one in ten discarded), through the store's own
    /// operations: each completed run's result goes to the outbox, as the app stores it. The store
    /// given should sync nothing (a scratch database filled fast).
    static func seedRuns(_ store: StudyStore, count: Int) throws(StoreError) {
        let start = Date(timeIntervalSinceNow: -Double(count) * 3600)
        for i in 0..<count {
            let at = start.addingTimeInterval(Double(i) * 3600)
            let id = UUID()
            try store.startRun(id: id, studyID: "bench", taskID: "task_\(i % 12)", at: at)
            if i % 10 == 0 {
                try store.discardRun(runID: id, at: at + 60)
            } else {
                try store.finishRun(FinishedRun(result: sampleResult(runID: id), finishedAt: at + 60))
            }
        }
    }

    /// A five-answer task result.
    static func sampleResult(runID: UUID) -> TaskResult {
        let now = Date()
        var root = BranchResult(identifier: "survey", startDate: now, endDate: now)
        for i in 0..<5 {
            root.appendStepHistory(.answer(AnswerResult(identifier: "question_\(i)", startDate: now, answerType: AnswerType(.integer),
                                                        value: .int(i))), direction: .forward)
        }
        return TaskResult(root: root, taskRunUUID: runID, finishReason: .completed)
    }
}
