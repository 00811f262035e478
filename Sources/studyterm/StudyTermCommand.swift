import Foundation
import TUINcurses

/// A `studyterm` command: its spec, how it is made from a checked command line, and what it does.
protocol StudyTermCommand {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run() throws
}

/// The `studyterm` command line: runs and checks research study tasks in a terminal.
///
/// The parser is this package's own (``ParsedArguments``): it needs no runtime reflection, so the
/// first screen of `studyterm run` is not kept waiting by argument parsing.
@main
enum StudyTerm {
    static let version = "0.1.0"
    static let root = CommandSpec(path: [], abstract: "Run research studies in a terminal.")
    static var commands: [any StudyTermCommand.Type] { [
        JourneyCommand.self, RunCommand.self, CheckCommand.self, ExportCommand.self, FHIRPathCommand.self,
    ] }
    static let bench = CommandSpec(path: ["bench"], abstract: "Developer benchmarks (use a release build).")
    static var benchCommands: [any StudyTermCommand.Type] { [CoreBench.self, FHIRBench.self, StoreBench.self, ScreenBench.self] }

    static func main() {
        Console.ignoreBrokenPipes()
        ProcessSignals.endQuietly()
        dispatch(Array(CommandLine.arguments.dropFirst()))
    }

    /// Finds the command the words name (journey when they name none) and runs it.
    static func dispatch(_ words: [String]) {
        let name = words.first ?? ""
        switch name {
        case "--version":
            Console.out(version)
        case "-h", "--help":
            Console.out(rootHelp)
        case "help":
            Console.out(help(for: Array(words.dropFirst())))
        case "bench":
            let rest = words.dropFirst()
            guard let sub = rest.first, let command = benchCommands.first(where: { $0.spec.path.last == sub }) else {
                if let sub = rest.first, !["-h", "--help"].contains(sub) {
                    usageFailure(UsageError("unknown benchmark '\(sub)'", spec: bench), subcommands: benchCommands.map { $0.spec })
                }
                return Console.out(HelpText.page(bench, subcommands: benchCommands.map { $0.spec }))
            }
            execute(command, Array(rest.dropFirst()))
        default:
            if let command = commands.first(where: { $0.spec.path == [name] }) {
                return execute(command, Array(words.dropFirst()))
            }
            if !name.isEmpty, !name.hasPrefix("-") {
                usageFailure(UsageError("unknown command '\(name)'", spec: root), subcommands: commands.map { $0.spec } + [bench])
            }
            execute(JourneyCommand.self, words)          // the default command
        }
    }

    /// The root help page.
    static var rootHelp: String {
        HelpText.page(root, subcommands: commands.map { $0.spec } + [bench], defaultSubcommand: "journey", version: true)
    }

    /// `studyterm help [COMMAND [SUBCOMMAND]]`.
    static func help(for path: [String]) -> String {
        if path == ["bench"] { return HelpText.page(bench, subcommands: benchCommands.map { $0.spec }) }
        let all = commands + benchCommands
        guard let command = all.first(where: { $0.spec.path == path }) else { return rootHelp }
        return HelpText.page(command.spec)
    }

    /// Parses the words for `command` and runs it; usage errors exit 64, ``CLIError``s with their code.
    static func execute(_ command: any StudyTermCommand.Type, _ words: [String]) {
        do {
            let parsed = try ParsedArguments(words, spec: command.spec)
            if parsed.wantsHelp { return Console.out(HelpText.page(command.spec)) }
            try command.init(parsed).run()
        } catch let error as UsageError {
            usageFailure(error)
        } catch {
            end(error)
        }
    }

    /// The one place where errors become messages and exit codes (the README lists the codes):
    /// a ``CLIError`` prints its message and exits with its code, a ``ProcessEnd`` exits with its
    /// status, anything else prints its description and exits 1.
    static func end(_ error: any Error) -> Never {
        let status: Int32
        switch error {
        case let error as CLIError:
            Console.err("studyterm: \(error.message)")
            status = error.code
        case let end as ProcessEnd:
            status = end.status
        default:
            Console.err("studyterm: \(error)")
            status = 1
        }
        exit(status)
    }

    /// Prints a usage error with the command's usage line and exits 64 (EX_USAGE).
    static func usageFailure(_ error: UsageError, subcommands: [CommandSpec] = []) -> Never {
        Console.err("Error: \(error.message)\n\(HelpText.usage(error.spec, subcommands: subcommands))\n"
                    + "  See '\(error.spec.commandLine) --help' for more information.")
        end(ProcessEnd(status: CLIError.Code.usage))
    }
}
