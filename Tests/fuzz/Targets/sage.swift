// The SageResearch decoder: bytes as a task file, then a walk through what it accepted.
import Foundation
import StudyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSage(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard let loaded = try? TaskFileLoader().load(data: data, file: FileReference(path: "/nonexistent/fuzz/task.json")),
          let task = loaded.task else { return 0 }
    walk(task)
    return 0
}
