// Shared by every fuzz target (compiled into each): the fixtures the run script points at, and
// a small driver that walks a run forward the way a participant who skips everything would.
import Foundation
import StudyCore

/// A fixture file from the folder `Tests/fuzz/run` exports as FUZZ_FIXTURES (the repository).
func fixture(_ relativePath: String) -> Data {
    let root = ProcessInfo.processInfo.environment["FUZZ_FIXTURES"] ?? FileManager.default.currentDirectoryPath
    guard let data = FileManager.default.contents(atPath: root + "/" + relativePath) else {
        fatalError("fuzz: fixture \(relativePath) not found under \(root) (set FUZZ_FIXTURES to the repository)")
    }
    return data
}

/// A fixed clock: inputs, not time, decide what happens.
let fuzzNow = Date(timeIntervalSince1970: 1_790_000_000)

/// Starts the task and moves forward (skipping) at most `limit` times: navigation, conditions and
/// progress run over whatever the decoder accepted.
func walk(_ task: TaskDefinition, conditions: any TaskConditions = NoTaskConditions(), limit: Int = 64) {
    var run = TaskRun(task: task, now: fuzzNow, conditions: conditions)
    run.start(now: fuzzNow)
    var moves = 0
    while !run.isFinished, moves < limit {
        _ = run.progress
        _ = run.answerSnapshot
        if moves % 3 == 2 { run.skip(now: fuzzNow) } else { run.goForward(now: fuzzNow) }
        moves += 1
    }
    _ = run.result.json
    _ = run.snapshot().json
}
