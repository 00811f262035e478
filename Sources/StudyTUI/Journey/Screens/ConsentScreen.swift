import Foundation
import StudyCore
import TUIKit

/// The consent: the study's purpose and consent text (scrollable), the notices to acknowledge one
/// by one, and the choice to agree or decline, when joining a study or when the study has changed
/// the text since the participant agreed. It decides nothing itself: agreeing and declining are
/// outcomes the journey acts on (agreeing records the consent before anything else).
struct ConsentScreen: Sendable, Equatable {
    /// What has the keys.
    enum Focus: Sendable, Equatable {
        /// The notice at this index.
        case notice(Int)
        /// The agree button.
        case agree
        /// The decline button.
        case decline
    }

    /// What the keys do.
    enum Action: Sendable, Hashable {
        case scroll, next, previous, tick, choose, decline, quit
    }

    /// Why the consent is shown.
    enum Purpose: Sendable, Equatable {
        /// Joining the study of this invitation.
        case joining(StudyInvitation)
        /// Agreeing again: the study in this session changed the text since the participant agreed.
        case renewing(StudySession)
    }

    /// What the participant decided.
    enum Outcome: Sendable, Equatable {
        /// Agreed, every notice acknowledged.
        case agreed
        /// Declined: nothing stored (joining: back to the welcome screen; renewing: back to the
        /// dashboard, where tasks wait).
        case declined
        /// Leave StudyTerm.
        case quit
    }

    /// Joining (with how the study was reached) or agreeing again.
    let purpose: Purpose
    /// Notices acknowledged so far, by identifier.
    var acknowledged: Set<String> = []
    /// What has the keys.
    var focus: Focus
    /// The document's scroll position.
    var scroll = ScrollState()
    /// Why agreeing did not work yet.
    var error: String?
    /// Set while the consent is being recorded.
    var busy: String?
    /// Set after one Esc: a second one declines, any other key goes on.
    var confirmingDecline = false

    /// What one Esc says: declining takes a second one.
    static let declineQuestion = "Press Esc again to decline; any other key goes back."

    /// The consent for `purpose`, focus on the first notice (or the agree button).
    init(_ purpose: Purpose) {
        self.purpose = purpose
        focus = .agree
        if !definition.notices.isEmpty { focus = .notice(0) }
    }

    /// The definition whose consent is shown.
    var definition: StudyDefinition {
        switch purpose {
        case .joining(let invitation): invitation.definition
        case .renewing(let session): session.definition
        }
    }

    /// The keys.
    static let keys = KeyMap<Action>([
        KeyBinding([.tab, .right], .next, help: "next", helpKey: "Tab"),
        KeyBinding([.backTab, .left], .previous, help: ""),
        KeyBinding(.character(" "), .tick, help: "tick", helpKey: "Space"),
        KeyBinding(.enter, .choose, help: "choose"),
        KeyBinding([.up, .down, .pageUp, .pageDown, .home, .end], .scroll, help: "read", helpKey: "↑/↓"),
        KeyBinding(.escape, .decline, help: "decline"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// The focus order: notices, agree, decline.
    private var order: [Focus] { definition.notices.indices.map(Focus.notice) + [.agree, .decline] }

    /// Handles a key in a body of `body` (the layout decides what scrolls; a moved focus is
    /// scrolled into view). Space ticks or unticks the focused statement and stays on it; Enter
    /// ticks it and moves on, or chooses a button; Esc asks before it declines.
    mutating func handle(_ key: Key, body: Size) -> Outcome? {
        guard busy == nil else { return key == .ctrl("c") ? .quit : nil }
        let action = Self.keys.action(for: key)
        if confirmingDecline {
            confirmingDecline = false
            if error == Self.declineQuestion { error = nil }
            if action == .decline { return .declined }
            if action != .quit { return nil }            // the key that answers the question does nothing else
        }
        guard let action else { return nil }
        let index = order.firstIndex(of: focus) ?? 0
        var outcome: Outcome?
        switch action {
        case .scroll:
            let layout = ConsentLayout(self, body: body)
            scroll.offset = layout.offset(scroll.offset, reveal: false)
            _ = scroll.apply(key, total: layout.lines.count, height: layout.height)
            return nil
        case .next: focus = order[(index + 1) % order.count]
        case .previous: focus = order[(index + order.count - 1) % order.count]
        case .decline:
            confirmingDecline = true
            error = Self.declineQuestion
        case .quit: return .quit
        case .tick, .choose:
            let layout = ConsentLayout(self, body: body)
            guard layout.shows(focusAt: scroll.offset) else {   // nothing is chosen out of sight: show it first
                scroll.offset = layout.offset(scroll.offset, reveal: true)
                return nil
            }
            switch focus {
            case .notice(let i):
                let id = definition.notices[i].identifier
                error = nil
                if action == .tick {
                    if acknowledged.contains(id) { acknowledged.remove(id) } else { acknowledged.insert(id) }
                } else {
                    acknowledged.insert(id)
                    focus = order[index + 1]
                }
            case .agree: outcome = agree()
            case .decline: return .declined
            }
        }
        scroll.offset = ConsentLayout(self, body: body).offset(scroll.offset, reveal: true)
        return outcome
    }

    /// Agrees when every notice is ticked; otherwise says so and focuses the first one left.
    private mutating func agree() -> Outcome? {
        let missing = definition.notices.indices.filter { !acknowledged.contains(definition.notices[$0].identifier) }
        guard let first = missing.first else { return .agreed }
        error = "Tick each statement first (\(definition.notices.count - missing.count) of \(definition.notices.count))."   // fits 40 columns
        focus = .notice(first)
        return nil
    }
}
