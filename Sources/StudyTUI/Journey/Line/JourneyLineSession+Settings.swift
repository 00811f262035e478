import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// Settings: the study's details, reloading the definition, exporting, leaving.
    func settings(_ session: StudySession) -> Place {
        say()
        let items = SettingsScreen.Item.allCases
        let choice = choose("Settings for \(session.definition.title):", items.map(\.label), letters: ["b": items.count - 1])
        if let end = Self.ending(choice) { return end }
        guard case .option(let n) = choice else { return .settings(session) }
        let screen = SettingsScreen(session: session, unsentResults: unsentResults(session), exportFolder: services.exportFolder)
        switch items[n] {
        case .details:
            say()
            for line in screen.detailLines(width: 100_000, timeZone: services.timeZone) { say(line.text) }
            return .settings(session)
        case .reload:
            do {
                let services = services
                let updated = try waitForWork { try await services.reload(session) }
                for line in SettingsScreen.reloadReport(from: session, to: updated, consentKey: "type c on the dashboard") { say(line) }
                return .settings(updated)
            } catch {
                say("! The study definition could not be fetched: \(JourneyFailure(error).message) Nothing was changed.")
                return .settings(session)
            }
        case .sending:
            let services = services
            guard (try? services.loadSyncStatus()) ?? nil != nil else {
                say("This study lives on this computer: there is no study server to send to. Export your data to give it to the study team.")
                return .settings(session)
            }
            say(SettingsScreen.sendingLine)
            var screen = screen
            screen.sync = waitForWork { await services.sendOutbox() }
            for line in screen.syncLines(width: 100_000, timeZone: services.timeZone) where line.text != SettingsScreen.sendHint { say(line.text) }
            return .settings(session)
        case .export:
            guard let folder = askFolder() else { return .done(.quit) }
            var create = false
            while true {
                do {
                    say(try services.exportData(session.studyID, folder, create))
                } catch JourneyFailure.folderMissing(let missing) where !create {
                    guard let make = askToMake(missing) else { return .done(.quit) }
                    if make { create = true; continue }
                } catch {
                    say("! Your data could not be exported: \(JourneyFailure(error).message)")
                }
                return .settings(session)
            }
        case .leave: return leave(screen)
        case .back: return .dashboard(session)
        }
    }

    /// The leave question; leaving (after an export, when asked) says what happened and shows the
    /// study's closing text, then welcome.
    private func leave(_ screen: SettingsScreen) -> Place {
        let session = screen.session
        say()
        let choice = choose(screen.leaveQuestion, SettingsScreen.LeaveChoice.allCases.map(\.label))
        if let end = Self.ending(choice) { return end }
        guard case .option(let n) = choice, let picked = SettingsScreen.LeaveChoice(rawValue: n), picked != .cancel else {
            return .settings(session)
        }
        var folder: String?
        if picked == .exportThenLeave {
            guard let typed = askFolder() else { return .done(.quit) }
            folder = typed
        }
        var create = false
        while true {
            do {
                say()
                let services = services
                let (exportTo, createFolder) = (folder, create)
                for paragraph in try waitForWork({ try await services.leave(session, exportTo: exportTo, createFolder: createFolder) }) { say(paragraph) }
                return .welcome
            } catch JourneyFailure.folderMissing(let missing) where !create {
                guard let make = askToMake(missing) else { return .done(.quit) }
                if make { create = true; continue }
                say("You are still in the study: nothing was exported.")
                return .settings(session)
            } catch {
                say("! You are still in the study: \(JourneyFailure(error).message)")
                return .settings(session)
            }
        }
    }

    /// Asks whether to make a missing export folder: true to make it, false for no, nil when the
    /// participant quits or input ends.
    private func askToMake(_ folder: String) -> Bool? {
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
    private func unsentResults(_ session: StudySession) -> Int {
        (try? services.loadFacts(session.studyID, services.now()))?.results.unsent ?? 0
    }
}
