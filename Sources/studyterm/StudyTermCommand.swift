import Foundation
import StudyTermKit
import TUINcurses

/// The `studyterm` command line: runs and checks research study tasks in a terminal.
///
/// The parser is this package's own (``ParsedArguments``): it needs no runtime reflection, so the
/// first screen of `studyterm run` is not kept waiting by argument parsing.
@main
enum StudyTerm {
    static let program = CommandLineProgram(
        root: CommandSpec(path: [], abstract: "Run research studies in a terminal.", exitStatus: exitStatus, environment: environment),
        commands: [JourneyCommand.self, RunCommand.self, CheckCommand.self, ExportCommand.self, SyncCommand.self, FHIRPathCommand.self,
                   KioskStationCommand.self] + KioskCommands.commands,
        groups: [KioskCommands.group],
        defaultCommand: JourneyCommand.self, version: StudyTermVersion.current)

    static func main() {
        Console.ignoreBrokenPipes()
        ProcessSignals.endQuietly()
        ProcessSignals.crashQuietly()
        do { try program.run(Array(CommandLine.arguments.dropFirst())) } catch { end(error) }
    }

    /// The one place where errors become messages and exit codes (the README lists the codes;
    /// ``CommandLineProgram/report(_:)`` says which).
    static func end(_ error: any Error) -> Never {
        let status = program.report(error)
        exit(status)
    }
}
