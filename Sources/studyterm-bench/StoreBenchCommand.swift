import Foundation
import StudyTermKit
import StudyStore

/// `studyterm-bench store`: durable answer saves and the dashboard over 10,000 runs (`StoreBenchmark`).
struct StoreBench: StudyTermCommand {
    /// The command's name and help.
    static let spec = CommandSpec(
        program: "studyterm-bench", path: ["store"], abstract: "Time answer saves and the dashboard on a scratch database.",
        options: [.value("folder", "Where the scratch database goes (removed afterwards; default: the temporary folder).")])

    let folder: String

    init(_ arguments: ParsedArguments) {
        folder = arguments.value("folder") ?? FileManager.default.temporaryDirectory.path
    }

    /// Runs the command.
    func run() throws {
        do {
            Console.out(try StoreBenchmark.run(at: URL(fileURLWithPath: folder, isDirectory: true)))
        } catch {
            throw CLIError(message: error.description, code: CLIError.Code.dataUnavailable)
        }
    }
}
