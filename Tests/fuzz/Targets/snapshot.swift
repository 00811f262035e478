// The restoration snapshot: bytes as a snapshot of a run of a fixed task, restored and walked on.
import Foundation
import StudyCore

let everyInput: TaskDefinition = {
    let data = fixture("Resources/demo-study/tasks/every-input.json")
    return try! TaskFileLoader().load(data: data, file: FileReference(path: "every-input.json")).task!
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshot(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let json = try? JSONParser.parse(Data(bytes: start, count: count)),
          let snapshot = try? RunSnapshot(json: json),
          var run = try? TaskRun(task: everyInput, restoring: snapshot, now: fuzzNow) else { return 0 }
    var moves = 0
    while !run.isFinished, moves < 32 {
        _ = run.progress
        run.goForward(now: fuzzNow)
        moves += 1
    }
    _ = run.result.json
    return 0
}
