import ArgumentParser
import Foundation
import StudyCore

/// The `studyterm` command line: runs and checks research study tasks in a terminal.
@main
struct StudyTermCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studyterm",
        abstract: "Run research studies in a terminal.",
        version: "0.1.0",
        subcommands: [JourneyCommand.self, RunCommand.self, CheckCommand.self, ExportCommand.self, BenchCommand.self],
        defaultSubcommand: JourneyCommand.self
    )
}
