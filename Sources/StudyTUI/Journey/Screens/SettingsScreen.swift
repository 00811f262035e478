import Foundation
import StudyCore
import TUIKit

/// The study's settings: its details (purpose, consent text, contact), reloading the definition,
/// exporting the data, and leaving the study (with a confirmation that offers to export first).
struct SettingsScreen: Sendable, Equatable {
    /// The menu entries.
    enum Item: Int, Sendable, Equatable, CaseIterable {
        case details, reload, export, leave, back

        /// The entry's label.
        var label: String {
            switch self {
            case .details: "Study details"
            case .reload: "Check for an updated study definition"
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

    /// What the keys do.
    enum Action: Sendable, Hashable {
        case up, down, choose, scroll, back, quit
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// Fetch the definition again and compare versions.
        case reload
        /// Write every result to files.
        case export
        /// Leave the study, exporting first when asked.
        case leave(exportFirst: Bool)
        /// Back to the dashboard.
        case back
        /// Leave StudyTerm.
        case quit
    }

    /// The study.
    var session: StudySession
    /// Stored results not yet sent (``ResultCounts/unsent``), told before leaving.
    var unsentResults: Int
    /// The highlighted entry.
    var selection: Item = .details
    /// Set while the leave question is open, with the highlighted answer.
    var leaving: LeaveChoice?
    /// What the last reload or export said; shown until another entry is chosen.
    var report: [String]?
    /// Set while something runs.
    var busy: String?
    /// The panel's scroll position.
    var scroll = ScrollState()

    /// The keys.
    static let keys = KeyMap<Action>([
        KeyBinding(.up, .up, help: ""),
        KeyBinding(.down, .down, help: "choose", helpKey: "↑/↓"),
        KeyBinding(.enter, .choose, help: "select"),
        KeyBinding([.pageUp, .pageDown, .character(" ")], .scroll, help: "scroll", helpKey: "PgUp/PgDn"),
        KeyBinding([.escape, .character("b"), .character("B")], .back, help: "back", helpKey: "Esc"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// Handles a key; `panelLines`/`panelHeight` size the panel for scrolling.
    mutating func handle(_ key: Key, panelLines: Int, panelHeight: Int) -> Outcome? {
        guard busy == nil else { return key == .ctrl("c") ? .quit : nil }
        guard let action = Self.keys.action(for: key) else { return nil }
        if let choice = leaving { return handleLeaving(action, choice) }
        switch action {
        case .up, .down:
            let next = selection.rawValue + (action == .up ? -1 : 1)
            selection = Item(rawValue: min(max(0, next), Item.allCases.count - 1)) ?? selection
            (report, scroll) = (nil, ScrollState())
        case .scroll: _ = scroll.apply(key, total: panelLines, height: panelHeight)
        case .back: return .back
        case .quit: return .quit
        case .choose:
            switch selection {
            case .details: (report, scroll) = (nil, ScrollState())
            case .reload: return .reload
            case .export: return .export
            case .leave: leaving = .exportThenLeave
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
            case .exportThenLeave: return .leave(exportFirst: true)
            case .leave: return .leave(exportFirst: false)
            case .cancel: break
            }
        }
        return nil
    }
}
