import Foundation
import StudyTermKit
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
            then the terminal. Press D on the welcome screen to join the bundled demo study. The same journey is \
            asked as plain numbered line prompts (and its tasks too) with --accessible, ACCESSIBLE=1, TERM=dumb, \
            or when standard input or output is not a terminal.
            """,
        options: [
            .value("data-dir", "The data folder (default: $XDG_DATA_HOME/studyterm or ~/.local/share/studyterm).", completes: .directory),
            .flag("accessible", "Plain numbered line prompts instead of a full-screen display."),
        ])

    let dataDir: String?
    let accessible: Bool

    init(_ arguments: ParsedArguments) {
        dataDir = arguments.value("data-dir")
        accessible = arguments.flag("accessible")
    }

    /// Runs the command.
    func run() throws {
        let location = DataLocation.resolve(explicit: dataDir)
        let store = try StoreOpening.open(location)
        let local = LocalStudyServer(demoFolder: ResourceLocator.demoStudy(), loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
        let sender = LiveSync.sender(store: store)
        let server = LiveSync.server(local: local, store: store, location: location, sender: sender)
        let services = LiveJourneyServices.make(store: store, server: server, location: location, sender: sender)
        guard !LineMode.wanted(flag: accessible), let terminal = try? NcursesTerminal() else {
            return JourneyLineRunner(services: services).run()
        }
        let ending = JourneyRunner(services: services.showingColors(terminal.colorsAvailable), terminal: terminal).run()
        terminal.close()
        if case .signalled(let signal) = ending { throw ProcessEnd(status: signal.exitStatus) }
    }
}
