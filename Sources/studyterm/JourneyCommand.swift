import Foundation
import StudyCore
import StudyStore
import StudyTUI
import TUIKit
import TUINcurses

/// `studyterm [journey] [--data-dir D]`: join a study and do its tasks (the default command).
struct JourneyCommand: StudyTermCommand {
    /// The command's name and help.
    static let spec = CommandSpec(
        path: ["journey"], abstract: "Join a study, agree to its consent and do its tasks (the default command).",
        discussion: """
            Opens the data folder first (a damaged, foreign or read-only database is reported and left untouched), \
            then the terminal. Press D on the welcome screen to join the bundled demo study.
            """,
        options: [.value("data-dir", "The data folder (default: $XDG_DATA_HOME/studyterm or ~/.local/share/studyterm).")])

    let dataDir: String?

    init(_ arguments: ParsedArguments) {
        dataDir = arguments.value("data-dir")
    }

    /// Runs the command.
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
