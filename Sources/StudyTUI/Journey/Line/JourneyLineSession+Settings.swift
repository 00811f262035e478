import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// Settings: the study's details, reloading the definition, sending, exporting, leaving.
    func settings(_ session: StudySession) -> [JourneyEvent] {
        say()
        let items = SettingsScreen.Item.allCases
        let choice = choose("Settings for \(session.definition.title):", items.map(\.label), letters: ["b": items.count - 1])
        if let end = Self.ending(choice) { return end }
        guard case .option(let n) = choice else { return [] }
        let screen = SettingsScreen(session: session, unsentResults: unsentResults(session), exportFolder: services.exportFolder)
        switch items[n] {
        case .details:
            say()
            for line in screen.detailLines(width: 100_000, timeZone: services.timeZone) { say(line.text) }
            return []
        case .reload: return [.reload]
        case .sending:
            guard syncStatus != nil else {
                say("This study lives on this computer: there is no study server to send to. Export your data to give it to the study team.")
                return []
            }
            say(SettingsScreen.sendingLine)
            return [.sendNow]
        case .export:
            guard let folder = askFolder() else { return [.quit] }
            return [.export(folder: folder, createFolder: false)]
        case .leave: return leave(screen)
        case .back: return [.back]
        }
    }

    /// The leave question; leaving (after an export, when asked) says what happened and shows the
    /// study's closing text, then welcome.
    private func leave(_ screen: SettingsScreen) -> [JourneyEvent] {
        say()
        let choice = choose(screen.leaveQuestion, SettingsScreen.LeaveChoice.allCases.map(\.label))
        if let end = Self.ending(choice) { return end }
        guard case .option(let n) = choice, let picked = SettingsScreen.LeaveChoice(rawValue: n), picked != .cancel else { return [] }
        var folder: String?
        if picked == .exportThenLeave {
            guard let typed = askFolder() else { return [.quit] }
            folder = typed
        }
        say()
        return [.leave(exportTo: folder, createFolder: false)]
    }

    /// Asks whether to make a missing export folder: true to make it, false for no, nil when the
    /// participant quits or input ends.
    func askToMake(_ folder: String) -> Bool? {
        let choice = choose("The folder \(folder) does not exist. Make it?", ["Yes, make this folder", "No"],
                            letters: ["y": 0, "yes": 0, "n": 1, "no": 1])
        if Self.ending(choice) != nil { return nil }
        return choice == .option(0)
    }

    /// The folder to export into: what is typed, or the current folder for an empty line; nil when
    /// the participant quits or input ends.
    private func askFolder() -> String? {
        let reply = ask("Write the files into which folder? A new folder is made in it for this export. "
                        + "Press Enter for \(services.exportFolder).",
                        help: "Type a folder path; it must be outside StudyTerm's private data folder.")
        guard case .text(let text) = reply else { return nil }
        return text.isEmpty ? services.exportFolder : text
    }

    /// Stored results not yet sent, for the leave question (0 when they cannot be read).
    func unsentResults(_ session: StudySession) -> Int {
        (try? services.loadFacts(session.studyID, services.now()))?.results.unsent ?? 0
    }
}
