import ArgumentParser
import Foundation
import StudyCore
import StudyStore
import StudyTUI
import TUIKit
import TUINcurses

/// `studyterm [journey] [--data-dir D]`: join a study and do its tasks (the default command).
struct JourneyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journey", abstract: "Join a study, agree to its consent and do its tasks (the default command).",
        discussion: """
            Opens the data folder first (a damaged, foreign or read-only database is reported and left untouched), \
            then the terminal. Press D on the welcome screen to join the bundled demo study.
            """)

    @Option(help: "The data folder (default: $XDG_DATA_HOME/studyterm or ~/.local/share/studyterm).") var dataDir: String?

    func run() throws {
        guard isatty(0) == 1, isatty(1) == 1 else {
            CLIError(message: "standard input and output must be a terminal; the study journey needs one (export and check work without)",
                     code: CLIError.Code.noTerminal).exit()
        }
        let location = DataLocation.resolve(explicit: dataDir)
        let store = StoreOpening.open(location)
        let server = LocalStudyServer(demoFolder: ResourceLocator.demoStudy(),
                                      loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
        let services = LiveJourneyServices.make(store: store, server: server, location: location)
        let terminal: NcursesTerminal
        do { terminal = try NcursesTerminal() } catch {
            CLIError(message: "\(error); the study journey needs a terminal (export and check work without one)",
                     code: CLIError.Code.noTerminal).exit()
        }
        let ending = JourneyRunner(services: services, store: store, terminal: terminal).run()
        terminal.close()
        if case .signalled(let signal) = ending { Foundation.exit(signal.exitStatus) }
    }
}

/// Alternates the journey and the task screen on one terminal until the participant quits.
struct JourneyRunner {
    /// The journey's services.
    let services: JourneyServices
    /// The store tasks are recorded in.
    let store: StudyStore
    /// The terminal both use.
    let terminal: any Terminal

    /// Runs journeys and tasks; returns how it ended (quit or a signal).
    func run() -> JourneyOutcome {
        var notice: Notice?
        while true {
            var loop = EventLoop(program: JourneyProgram(services: services, size: terminal.size, notice: notice), terminal: terminal)
            if case .signal(let signal) = loop.run() { return .signalled(signal) }
            guard case .runTask(let launch)? = loop.program.outcome else { return .quit }
            switch TaskSession.prepare(launch, store: store) {
            case .failure(let failure):
                notice = Notice(failure.message, tone: .error)
            case .success(let session):
                switch runTaskInTerminal(session, terminal: terminal) {
                case .recorded(let reason): notice = Notice(Self.sentence(reason, title: launch.task.title))
                case .notRun(let why): notice = Notice(why, tone: .error)
                case .signalled(let signal): return .signalled(signal)
                }
            }
        }
    }

    /// What the dashboard says after a run.
    static func sentence(_ reason: FinishReason, title: String) -> String {
        switch reason {
        case .completed: "Thank you! Your answers to \(title) are stored."
        case .saved: "\(title) is saved; resume it from the dashboard."
        case .discarded: "\(title) was discarded; nothing was kept."
        case .earlyExit: "\(title) ended early; your answers are stored."
        case .failed: "\(title) stopped with an error; what you answered is stored."
        }
    }
}
