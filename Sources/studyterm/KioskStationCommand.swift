import Foundation
import StudyTermKit
import StudyTUI
import TUIKit
import TUINcurses

/// `studyterm kiosk --config FILE`: the study station itself, participant after participant,
/// full screen. (The `kiosk` group's other commands have two-word paths; this one takes
/// precedence over the group when the word after `kiosk` is an option.)
struct KioskStationCommand: StudyTermCommand {
    /// The command's name and help.
    static let spec = CommandSpec(
        path: ["kiosk"], abstract: "Run a study station (kiosk mode), or prepare and check one with its subcommands.",
        discussion: """
            Runs the station a configuration describes (see kiosk check-config), full screen, one participant after \
            another: welcome, the language chooser, the session plan's tasks, thank-you, and back to welcome after a \
            privacy reset (the session's end stored, the screen and scrollback wiped). Sessions a crash left open are \
            ended as interrupted at the start. SIGTERM and SIGHUP end the session showing as interrupted and exit 0; \
            SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU and SIGPIPE are ignored from the start (Ctrl-C, Ctrl-\\ and Ctrl-Z \
            do nothing). \
            Subcommands: check-config, set-pin, verify-audit, doctor (help kiosk lists them).
            """,
        options: [.value("config", "The station configuration (JSON).", completes: .file)],
        exitStatus: [("0", "The station stopped (a signal, endOfSession exit, or staff ended it)."), ("64", "No terminal, or a usage error."),
                     ("78", "The configuration (or its study) is wrong (EX_CONFIG).")])

    let config: String?

    init(_ arguments: ParsedArguments) { config = arguments.value("config") }

    /// Runs the station until a signal, the end of input, or `endOfSession: exit`.
    func run() throws {
        ProcessSignals.ignoreParticipantSignals()
        guard let config else { throw UsageError("kiosk needs --config FILE, or a subcommand", spec: Self.spec, subcommands: KioskCommands.commands.map { $0.spec }) }
        _ = try KioskCheckConfigCommand.load(config)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CLIError(message: "kiosk needs a terminal on standard input and output", code: CLIError.Code.usage)
        }
        let setup = try KioskStationSetup.prepare(configFile: config)
        guard let terminal = try? NcursesTerminal(options: NcursesTerminal.Options(station: true)) else {
            throw CLIError(message: "kiosk cannot open the terminal (TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? ""))",
                           code: CLIError.Code.usage)
        }
        let program = KioskProgram(station: KioskStation(setup.configuration), services: setup.services, size: terminal.size)
        var loop = EventLoop(program: program, terminal: terminal)
        if case .inputEnded = loop.run() {
            var ended = loop.program
            ended.inputEnded()
        }
        terminal.close()
        setup.audit.record(.stationStopped)
    }
}
