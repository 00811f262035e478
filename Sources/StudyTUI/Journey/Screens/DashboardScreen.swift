import Foundation
import StudyCore
import TUIKit

/// The study's home: today's tasks with their windows and states, how many runs are complete,
/// unsent results and unread messages. Enter starts (or resumes) the selected task; while the
/// study's consent has changed since the participant agreed, it opens the new consent instead.
struct DashboardScreen: Sendable, Equatable {
    /// What the keys do.
    enum Action: Sendable, Hashable {
        case up, down, pageUp, pageDown, first, last, start, inbox, settings, refresh, quit, consent
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// Run this task (a new run, or the unfinished one).
        case launch(TaskLaunch)
        /// The task cannot start now; say why.
        case explain(String)
        /// Show the inbox.
        case openInbox
        /// Show the settings.
        case openSettings
        /// Read the facts again.
        case refresh
        /// Show the changed consent, to agree again.
        case reviewConsent
        /// Leave StudyTerm.
        case quit
    }

    /// The study.
    var session: StudySession
    /// The participant's time zone.
    let timeZone: TimeZone
    /// The stored facts, once loaded.
    var facts: DashboardFacts?
    /// Today's lines, computed from the facts at `now`.
    var agenda: [AgendaItem] = []
    /// When the agenda was computed.
    var now: Date
    /// The selected line.
    var selection = 0
    /// Why the facts could not be read.
    var error: String?

    /// The keys.
    static let keys = KeyMap<Action>(bindings)
    /// The keys while the consent has changed: C opens it.
    static let keysAwaitingConsent = KeyMap<Action>(
        [KeyBinding([.character("c"), .character("C")], .consent, help: "new consent", helpKey: "C")] + bindings)

    /// The keys now.
    var keyMap: KeyMap<Action> { session.consentIsCurrent ? Self.keys : Self.keysAwaitingConsent }

    /// The help bar lists them in this order and drops from the end on a narrow terminal, so
    /// starting, settings and quitting come first (the counts line names M for messages).
    private static let bindings: [KeyBinding<Action>] = [
        KeyBinding(.enter, .start, help: "start"),
        KeyBinding([.character("s"), .character("S")], .settings, help: "settings", helpKey: "S"),
        KeyBinding([.character("q"), .character("Q"), .ctrl("c")], .quit, help: "quit", helpKey: "Q"),
        KeyBinding([.character("m"), .character("M"), .character("i")], .inbox, help: "messages", helpKey: "M"),
        KeyBinding([.up, .character("k")], .up, help: ""),
        KeyBinding([.down, .character("j")], .down, help: "choose", helpKey: "↑/↓"),
        KeyBinding([.pageUp], .pageUp, help: ""),
        KeyBinding([.pageDown], .pageDown, help: ""),
        KeyBinding([.home, .character("g")], .first, help: ""),
        KeyBinding([.end, .character("G")], .last, help: ""),
        KeyBinding([.character("r"), .character("R")], .refresh, help: "refresh", helpKey: "R"),
    ]

    /// Takes freshly loaded facts and recomputes the agenda at `now`, keeping the selection on the same task.
    mutating func load(_ facts: DashboardFacts, now: Date) {
        let selectedTask = agenda.indices.contains(selection) ? agenda[selection].task.identifier : nil
        self.facts = facts
        self.now = now
        error = nil
        agenda = Self.expander(for: session, timeZone: timeZone)
            .agenda(for: session.definition.tasks, now: now, progress: facts.progress)
        selection = agenda.firstIndex { $0.task.identifier == selectedTask } ?? min(selection, max(0, agenda.count - 1))
    }

    /// The schedule expander for a session.
    static func expander(for session: StudySession, timeZone: TimeZone) -> ScheduleExpander {
        ScheduleExpander(enrolledAt: session.membership.enrolledAt, timeZone: timeZone)
    }

    /// Handles a key; returns what the participant asked for, if anything. `body` is the size the
    /// dashboard is drawn in: PgUp and PgDn move by the rows its list shows.
    mutating func handle(_ key: Key, body: Size = Size(width: 80, height: 22)) -> Outcome? {
        guard let action = keyMap.action(for: key) else { return nil }
        let lastIndex = max(0, agenda.count - 1)
        switch action {
        case .consent: return .reviewConsent
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(lastIndex, selection + 1)
        case .pageUp: selection = max(0, selection - max(1, listHeight(in: body) - 1))
        case .pageDown: selection = min(lastIndex, selection + max(1, listHeight(in: body) - 1))
        case .first: selection = 0
        case .last: selection = lastIndex
        case .start: return startSelected()
        case .inbox: return .openInbox
        case .settings: return .openSettings
        case .refresh: return .refresh
        case .quit: return .quit
        }
        return nil
    }

    /// Launches the selected task when it may run now, or explains why not; while the consent has
    /// changed, shows it first.
    func startSelected() -> Outcome? {
        guard agenda.indices.contains(selection) else { return nil }
        guard session.consentIsCurrent else { return .reviewConsent }
        let item = agenda[selection]
        let def = session.definition
        if let open = facts?.openRun(of: item.task.identifier) {
            return .launch(TaskLaunch(studyID: def.identifier, studyVersion: def.version, task: item.task,
                                      window: open.window, resume: open))
        }
        if item.canStart {
            return .launch(TaskLaunch(studyID: def.identifier, studyVersion: def.version, task: item.task,
                                      window: item.window, resume: nil))
        }
        let dates = DateText(timeZone: timeZone)
        switch item.state {
        case .upcoming:
            return .explain("\(item.task.title) opens \(item.window.map { dates.relative($0.start, now: now) } ?? "later").")
        case .done:
            return .explain("\(item.task.title) is done for now. Thank you!")
        case .missed:
            return .explain("The window for \(item.task.title) closed at \(item.window?.end.map(dates.time) ?? "?").")
        case .ended, .open:
            return .explain("\(item.task.title) is no longer scheduled.")
        }
    }
}
