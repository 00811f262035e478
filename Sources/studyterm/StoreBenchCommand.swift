import ArgumentParser
import Foundation
import StudyStore

/// `studyterm bench store`: durable answer saves and the dashboard over 10,000 runs (`StoreBenchmark`).
struct StoreBench: ParsableCommand {
    /// The command's name and help.
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Time answer saves and the dashboard on a scratch database.")

    @Option(help: "Where the scratch database goes (removed afterwards).") var folder = FileManager.default.temporaryDirectory.path

    /// Runs the command.
    func run() throws {
        do {
            Console.out(try StoreBenchmark.run(at: URL(fileURLWithPath: folder, isDirectory: true)))
        } catch {
            CLIError(message: error.description, code: CLIError.Code.dataUnavailable).exit()
        }
    }
}
