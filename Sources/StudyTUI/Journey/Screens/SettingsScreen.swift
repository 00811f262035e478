import Foundation
import StudyCore
import TUIKit

/// The study's settings: its details (purpose, consent text, contact), reloading the definition,
/// exporting the data, and leaving the study (with a confirmation that offers to export first).
/// Exporting asks for the folder to write into, the current folder by default.
struct SettingsScreen: Sendable, Equatable {
    /// The menu entries.
    enum Item: Int, Sendable, Equatable, CaseIterable {
        case details, reload, export, sending, leave, back

        /// The entry's label.
        var label: String {
            switch self {
            case .details: "Study details"
            case .reload: "Check for an updated study definition"
            case .sending: "Send my results now"
            case .export: "Export my data"
            case .leave: "Leave the study"
            case .back: "Back to the dashboard"
            }
        }
    }

    /// The choices when leaving.
    enum LeaveChoice: Int, Sendable, Equatable, CaseIterable {
        case exportThenLeave, leave, cancel

        /// The choice's label.
        var label: String {
            switch self {
            case .exportThenLeave: "Export my data first, then leave"
            case .leave: "Leave now and keep my data on this computer"
            case .cancel: "Cancel: stay in the study"
            }
        }
    }

    /// The question for the export folder, while it is open.
    struct ExportPrompt: Sendable, Equatable {
        /// True when leaving follows the export.
        var thenLeave: Bool
        /// The folder typed so far.
        var folder: TextFieldState
        /// Why the last export did not work.
        var error: String?
        /// The folder, as typed, that was found missing: Enter with it unchanged makes it.
        var offeredToMake: String?
    }

    /// What the keys do.
    enum Action: Sendable, Hashable {
        case up, down, choose, scroll, back, quit
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// Fetch the definition again and compare versions.
        case reload
        /// Send what waits in the outbox now.
        case sendNow
        /// Write every result to files in this folder (made first when `createFolder`).
        case export(folder: String, createFolder: Bool)
        /// Leave the study, exporting into this folder first when one is given.
        case leave(exportTo: String?, createFolder: Bool)
        /// Back to the dashboard.
        case back
        /// Leave StudyTerm.
        case quit
    }

    /// The study.
    var session: StudySession
    /// Stored results not yet sent (``ResultCounts/unsent``), told before leaving.
    var unsentResults: Int
    /// The folder exports go to unless the participant types another (the current folder).
    var exportFolder: String
    /// The highlighted entry.
    var selection: Item = .details
    /// Set while the leave question is open, with the highlighted answer.
    var leaving: LeaveChoice?
    /// Set while the export folder is asked for.
    var prompt: ExportPrompt?
    /// What the last reload or export said; shown until another entry is chosen.
    var report: [String]?
    /// Set while something runs.
    var busy: String?
    /// The panel's scroll position.
    var scroll = ScrollState()
    /// The sending state; nil when the study has no server (nothing is sent).
    var sync: SyncStatus?

    /// A settings screen for `session`.
    init(session: StudySession, unsentResults: Int, exportFolder: String) {
        self.session = session
        self.unsentResults = unsentResults
        self.exportFolder = exportFolder
    }

    /// The keys.
    static let keys = KeyMap<Action>([
        KeyBinding(.enter, .choose, help: "select"),
        KeyBinding([.escape, .character("b"), .character("B")], .back, help: "back", helpKey: "Esc"),
        KeyBinding(.up, .up, help: ""),
        KeyBinding(.down, .down, help: "choose", helpKey: "↑/↓"),
        KeyBinding([.pageUp, .pageDown, .home, .end, .character(" ")], .scroll, help: "scroll", helpKey: "PgUp/PgDn"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// The keys while the export folder is typed (other keys edit it).
    static let promptKeys = KeyMap<Action>([
        KeyBinding(.enter, .choose, help: "export"),
        KeyBinding(.escape, .back, help: "cancel", helpKey: "Esc"),
        KeyBinding([.pageUp, .pageDown], .scroll, help: ""),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// The key map in force.
    var keyMap: KeyMap<Action> { prompt == nil ? Self.keys : Self.promptKeys }

    /// Handles a key; `body` and `timeZone` lay the panel out for scrolling.
    mutating func handle(_ key: Key, body: Size, timeZone: TimeZone) -> Outcome? {
        guard busy == nil else { return key == .ctrl("c") ? .quit : nil }
        let action = keyMap.action(for: key)
        if action == .scroll {
            let layout = SettingsLayout(self, body: body, timeZone: timeZone)
            _ = scroll.apply(key, total: layout.panel.count, height: layout.panelHeight)
            return nil
        }
        let outcome: Outcome?
        if prompt != nil {
            outcome = handlePrompt(key, action)
        } else if let action {
            outcome = leaving.map { handleLeaving(action, $0) } ?? handleMenu(action)
        } else {
            return nil
        }
        scroll.offset = SettingsLayout(self, body: body, timeZone: timeZone).offset
        return outcome
    }

    /// Keys on the menu.
    private mutating func handleMenu(_ action: Action) -> Outcome? {
        switch action {
        case .up, .down:
            let next = selection.rawValue + (action == .up ? -1 : 1)
            selection = Item(rawValue: min(max(0, next), Item.allCases.count - 1)) ?? selection
            (report, scroll) = (nil, ScrollState())
        case .scroll: break
        case .back: return .back
        case .quit: return .quit
        case .choose:
            switch selection {
            case .details: (report, scroll) = (nil, ScrollState())
            case .reload: return .reload
            case .sending:
                guard sync != nil else {
                    (report, scroll) = (["This study lives on this computer: there is no study server to send to. Export your data to give it to the study team."], ScrollState())
                    return nil
                }
                return .sendNow
            case .export: ask(thenLeave: false)
            case .leave: (leaving, report, scroll) = (.exportThenLeave, nil, ScrollState())
            case .back: return .back
            }
        }
        return nil
    }

    /// Keys while the leave question is open.
    private mutating func handleLeaving(_ action: Action, _ choice: LeaveChoice) -> Outcome? {
        switch action {
        case .up: leaving = LeaveChoice(rawValue: max(0, choice.rawValue - 1))
        case .down: leaving = LeaveChoice(rawValue: min(LeaveChoice.allCases.count - 1, choice.rawValue + 1))
        case .back: leaving = nil
        case .quit: return .quit
        case .scroll: break
        case .choose:
            leaving = nil
            switch choice {
            case .exportThenLeave: ask(thenLeave: true)
            case .leave: return .leave(exportTo: nil, createFolder: false)
            case .cancel: break
            }
        }
        return nil
    }

    /// Keys while the export folder is typed.
    private mutating func handlePrompt(_ key: Key, _ action: Action?) -> Outcome? {
        guard var open = prompt else { return nil }
        switch action {
        case .choose?:
            let folder = open.folder.text.trimmingCharacters(in: .whitespaces)
            guard !folder.isEmpty else {
                prompt?.error = "Type the folder to write into."
                return nil
            }
            let create = open.offeredToMake == folder
            return open.thenLeave ? .leave(exportTo: folder, createFolder: create) : .export(folder: folder, createFolder: create)
        case .back?:
            prompt = nil
            if open.thenLeave { leaving = .exportThenLeave }
        case .quit?: return .quit
        case .up?, .down?, .scroll?, nil:
            if open.folder.apply(key) { (open.error, open.offeredToMake) = (nil, nil) }
            prompt = open
        }
        return nil
    }

    /// Opens the export folder question with the default folder.
    private mutating func ask(thenLeave: Bool) {
        (prompt, report, scroll) = (ExportPrompt(thenLeave: thenLeave, folder: TextFieldState(exportFolder, limit: 4096)), nil, ScrollState())
    }

    /// An export failed: the question stays open with the reason (leaving did not happen).
    mutating func exportFailed(_ message: String) {
        busy = nil
        prompt?.error = message
    }

    /// The folder typed does not exist: the question stays open and asks whether to make it
    /// (Enter again, the name unchanged); a typo is corrected instead, and nothing was made.
    mutating func folderMissing(_ folder: String) {
        busy = nil
        guard var open = prompt else { return }
        open.error = "The folder \(folder) does not exist. Press Enter again to make it, or correct the name."
        open.offeredToMake = open.folder.text.trimmingCharacters(in: .whitespaces)
        prompt = open
    }
}
