// The study definition (study.json): bytes as a study file in a folder with no task files.
import Foundation
import StudyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStudy(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    _ = try? StudyDefinitionLoader().load(data: data, file: FileReference(path: "/nonexistent/fuzz/study.json"))
    return 0
}
