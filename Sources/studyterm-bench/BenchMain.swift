import Foundation
import StudyTermKit

/// `studyterm-bench`: the developer benchmarks, a program apart from the participant's `studyterm`
/// (use the tuned release build: Tests/bench/README.md).
@main
enum StudyTermBench {
    static let program = CommandLineProgram(
        root: CommandSpec(program: "studyterm-bench", path: [], abstract: "Developer benchmarks of StudyTerm (use a release build)."),
        commands: [CoreBench.self, FHIRBench.self, StoreBench.self, ScreenBench.self])

    static func main() {
        do { try program.run(Array(CommandLine.arguments.dropFirst())) } catch { exit(program.report(error)) }
    }
}
