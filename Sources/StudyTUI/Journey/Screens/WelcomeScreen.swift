import Foundation
import StudyCore
import TUIKit

/// The first screen: what StudyTerm is, sign-up with a study address and a token, or the demo study.
///
/// It starts in menu mode, where single letters are shortcuts (D joins the demo study, Q quits);
/// Enter moves into the fields, where letters are typed and Esc goes back to the menu (and clears a
/// failed sign-up's message). What was typed stays when sign-up fails or the participant declines
/// the consent.
struct WelcomeScreen: Sendable, Equatable {
    /// Where keys go.
    enum Focus: Sendable, Equatable {
        /// Shortcuts: Enter to type, D for the demo, Q to quit.
        case menu
        /// The study address field.
        case address
        /// The registration token field.
        case token
    }

    /// What the keys do.
    enum Action: Sendable, Hashable {
        case edit, submit, demo, nextField, previousField, leaveFields, quit
    }

    /// What the participant asked for.
    enum Outcome: Sendable, Equatable {
        /// Look up the study at the typed address with the typed token.
        case signUp(SignUpRequest)
        /// Join the bundled demo study.
        case joinDemo
        /// Leave StudyTerm.
        case quit
    }

    /// The study address typed so far.
    var address = TextFieldState()
    /// The token typed so far.
    var token = TextFieldState(limit: 40)
    /// Where keys go.
    var focus: Focus = .menu
    /// Why the last sign-up failed, shown under the fields.
    var error: String?
    /// What is happening while a sign-up is looked up.
    var busy: String?

    /// Keys in menu mode.
    static let menuKeys = KeyMap<Action>([
        KeyBinding([.enter, .tab], .edit, help: "sign up", helpKey: "Enter"),
        KeyBinding([.character("d"), .character("D")], .demo, help: "demo study", helpKey: "D"),
        KeyBinding([.character("q"), .character("Q"), .ctrl("c")], .quit, help: "quit", helpKey: "Q"),
    ])

    /// Keys while typing in a field (characters not listed here are typed).
    static let fieldKeys = KeyMap<Action>([
        KeyBinding(.enter, .submit, help: "next / sign up"),
        KeyBinding([.tab, .down], .nextField, help: "next field", helpKey: "Tab"),
        KeyBinding([.backTab, .up], .previousField, help: ""),
        KeyBinding(.ctrl("d"), .demo, help: "demo study"),
        KeyBinding(.escape, .leaveFields, help: "back"),
        KeyBinding(.ctrl("c"), .quit, help: "quit"),
    ])

    /// The key map in force.
    var keyMap: KeyMap<Action> { focus == .menu ? Self.menuKeys : Self.fieldKeys }

    /// The request the fields make.
    var request: SignUpRequest { SignUpRequest(address: address.text, token: token.text) }

    /// Handles a key; returns what the participant asked for, if anything.
    mutating func handle(_ key: Key) -> Outcome? {
        guard busy == nil else { return key == .ctrl("c") ? .quit : nil }
        if let action = keyMap.action(for: key) { return perform(action) }
        switch focus {
        case .menu: return nil
        case .address: _ = address.apply(key)
        case .token: _ = token.apply(key)
        }
        return nil
    }

    /// Carries out one action.
    private mutating func perform(_ action: Action) -> Outcome? {
        switch action {
        case .edit: focus = .address
        case .submit:
            if focus == .address { focus = .token } else { return .signUp(request) }
        case .demo: return .joinDemo
        case .nextField: focus = focus == .address ? .token : .address
        case .previousField: focus = focus == .token ? .address : .token
        case .leaveFields: (focus, error) = (.menu, nil)   // back to the menu: the failed try is over
        case .quit: return .quit
        }
        return nil
    }

    /// Shows a failed sign-up: the message, and the field to fix focused with its text kept.
    mutating func failed(_ error: SignUpError) {
        busy = nil
        self.error = error.description + (error == .addressMissing ? " For the demo study, press Esc, then D." : "")
        switch error.field {
        case .address: focus = .address
        case .token: focus = .token
        case nil: break
        }
    }
}
