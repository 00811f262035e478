import Foundation
import StudyCore
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
            SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU and SIGPIPE are ignored from the start, in both faces (Ctrl-C, \
            Ctrl-\\ and Ctrl-Z typed or sent by kill do nothing). \
            With --accessible (or ACCESSIBLE=1, or TERM=dumb) the same station is asked as plain line prompts, for \
            screen readers, braille displays and terminals without cursor addressing: Enter begins, a number chooses \
            the language, the tasks are asked as in run --accessible, and every prompt but welcome has the station's \
            idle timeout (a warning line with the seconds left; Enter extends it). Ctrl-C, Ctrl-\\, Ctrl-Z and Ctrl-D \
            are plain characters there; the privacy wipe clears the screen and the scrollback (clear and E3) and drops \
            typed-ahead input. The identification is one line and the consent is asked as yes or no. Line mode has no admin menu, and also works without a \
            terminal (an SSH forced command without a pty). \
            A station staff paused from the admin menu starts paused. \
            Subcommands: check-config, register, set-pin, verify-audit, doctor, reset-pin-lockout (help kiosk lists them).
            """,
        options: [.value("config", "The station configuration (JSON).", completes: .file),
                  .flag("accessible", "Ask as plain line prompts instead of a full screen (also ACCESSIBLE=1 or TERM=dumb).")],
        exitStatus: [("0", "The station stopped (a signal, endOfSession exit, or staff ended it)."), ("64", "No terminal, or a usage error."),
                     ("78", "The configuration (or its study) is wrong (EX_CONFIG).")])

    let config: String?
    let accessible: Bool

    init(_ arguments: ParsedArguments) {
        config = arguments.value("config")
        accessible = arguments.flag("accessible")
    }

    /// Runs the station until a signal, the end of input, or `endOfSession: exit`.
    func run() throws {
        ProcessSignals.ignoreParticipantSignals()
        guard let config else { throw UsageError("kiosk needs --config FILE, or a subcommand", spec: Self.spec, subcommands: KioskCommands.commands.map { $0.spec }) }
        let configuration = try KioskCheckConfigCommand.load(config)
        if lineMode { return try runInLines(config, configuration) }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CLIError(message: "kiosk needs a terminal on standard input and output", code: CLIError.Code.usage)
        }
        let setup = try KioskStationSetup.prepare(configFile: config)
        guard let terminal = try? NcursesTerminal(options: NcursesTerminal.Options(station: true)) else {
            throw CLIError(message: "kiosk cannot open the terminal (TERM=\(ProcessInfo.processInfo.environment["TERM"] ?? ""))",
                           code: CLIError.Code.usage)
        }
        let program = KioskProgram(station: setup.station, services: setup.services, size: terminal.size,
                                   paused: KioskPauseFile(dataDirectory: setup.configuration.dataDirectory).isPaused)
        var loop = EventLoop(program: program, terminal: terminal)
        if case .inputEnded = loop.run() {
            var ended = loop.program
            ended.inputEnded()
        }
        terminal.close()
        setup.audit.record(.stationStopped)
    }

    /// True when the station is asked as line prompts: `--accessible`, `ACCESSIBLE` set (not `0`),
    /// or `TERM=dumb`. (Unlike `run`, a missing terminal alone does not choose it: the full
    /// screen then stops with 64, so a misconfigured unit is noticed.)
    var lineMode: Bool {
        accessible || ProcessEnvironment.value("ACCESSIBLE").map { !$0.isEmpty && $0 != "0" } == true
            || ProcessEnvironment.value("TERM") == "dumb"
    }

    /// The station's line face.
    func runInLines(_ file: String, _ configuration: KioskConfiguration) throws {
        let setup = try KioskStationSetup.prepare(configFile: file)
        KioskLineRunner(setup: setup).run()
        setup.audit.record(.stationStopped)
    }
}
