import StudyCore
import TUIKit

/// The default key map of a task screen, built for what is focused so that help shows only the
/// keys that work now. Update and help read the same map.
public enum TaskKeys {
    /// What is focused, as far as keys are concerned.
    public enum Focus: Sendable, Equatable {
        case none, button, text, multilineText, list, checkList, picker, chosenPicker, openPicker, checkbox, slider, date, duration
        case components, group, readOnly, timer
        /// A number with a choice of units.
        case quantity
    }

    /// The bindings for a focus; `enterTitle` names what Enter does ("next", "done"); `closes` is
    /// what Esc closes inside the field before it goes back a step; without `canCancel` (a study
    /// station) Ctrl-C opens no cancel menu and help does not show it.
    public static func map(focus: Focus, enterTitle: String, canGoBack: Bool, typing: Bool, inGroup: Bool,
                           timerRunning: Bool = false, canEnter: Bool = true, canTab: Bool = true,
                           closes: ChoiceList.OpenPart? = nil, canCancel: Bool = true) -> KeyMap<TaskAction> {
        var b: [KeyBinding<TaskAction>] = []
        switch focus {
        case .multilineText: b.append(KeyBinding(.enter, .activate, help: "new line"))
        case .openPicker: b.append(KeyBinding(.enter, .activate, help: "choose"))
        case .picker: b.append(KeyBinding(.enter, .activate, help: "open"))
        case .button: b.append(KeyBinding(.enter, .activate, help: enterTitle))
        case .timer: b.append(KeyBinding(.enter, .activate, help: enterTitle))
        default: b.append(KeyBinding(.enter, .activate, help: enterTitle))
        }
        if !canEnter { b.removeAll() }
        // What Esc closes comes early: it is what the participant is in the middle of.
        if let closes { b.append(KeyBinding([.escape], .closeInner, help: closes == .filter ? "clear" : "close")) }
        if canTab { pair(&b, .tab, .nextFocus, .backTab, .previousFocus, "field", "Tab/Shift-Tab") }
        switch focus {
        case .list, .checkList, .openPicker:
            pair(&b, .up, .up, .down, .down, "move", "↑/↓")
            b.append(KeyBinding(.character(" "), .toggle, help: focus == .checkList ? "tick" : "choose"))
            if !typing { for n in 1...9 { b.append(KeyBinding(.character(Character(String(n))), .choose(n - 1), help: n == 1 ? "option N" : "", helpKey: "1-9")) } }
            pair(&b, .pageUp, .pageUp, .pageDown, .pageDown, "", "PgUp/PgDn")
        case .picker, .chosenPicker:
            pair(&b, .left, .left, .right, .right, "change", "←/→")
            if focus == .chosenPicker { b.append(KeyBinding(.character(" "), .toggle, help: "open")) }
        case .slider:
            pair(&b, .left, .left, .right, .right, "step", "←/→")
            pair(&b, .pageUp, .pageUp, .pageDown, .pageDown, "tenth", "PgUp/PgDn")
            pair(&b, .home, .home, .end, .end, "ends", "Home/End")
        case .quantity:
            pair(&b, .pageUp, .pageUp, .pageDown, .pageDown, "unit", "PgUp/PgDn")
        case .date:
            pair(&b, .left, .left, .right, .right, "change", "←/→")
        case .duration:
            pair(&b, .left, .left, .right, .right, "h/min", "←/→")
        case .components:
            pair(&b, .left, .left, .right, .right, "column", "←/→")
            pair(&b, .up, .up, .down, .down, "change", "↑/↓")
        case .checkbox:
            b.append(KeyBinding(.character(" "), .toggle, help: "tick"))
        case .button:
            pair(&b, .left, .left, .right, .right, "", "←/→")
        case .timer:
            b.append(KeyBinding(.character(" "), .toggle, help: timerRunning ? "pause" : "resume"))
        default: break
        }
        if inGroup {
            b.append(KeyBinding(.ctrl("n"), .addEntry, help: "add"))
            b.append(KeyBinding(.ctrl("x"), .removeEntry, help: "remove"))
        }
        b.append(KeyBinding([.escape], .goBack, help: "back", isEnabled: canGoBack && closes == nil))
        b.append(KeyBinding([.ctrl("c")], .cancelMenu, help: "cancel", isEnabled: canCancel))
        b.append(KeyBinding(typing ? [.function(1)] : [.function(1), .character("?")], .help, help: "help", helpKey: "F1"))
        // Keys that work everywhere without help entries: the other half of each pair.
        b.append(KeyBinding(.up, .up, help: ""))
        b.append(KeyBinding(.down, .down, help: ""))
        b.append(KeyBinding(.left, .left, help: ""))
        b.append(KeyBinding(.right, .right, help: ""))
        b.append(KeyBinding(.pageUp, .pageUp, help: ""))
        b.append(KeyBinding(.pageDown, .pageDown, help: ""))
        b.append(KeyBinding(.home, .home, help: ""))
        b.append(KeyBinding(.end, .end, help: ""))
        b.append(KeyBinding(.backspace, .backspace, help: ""))
        b.append(KeyBinding(.delete, .deleteForward, help: ""))
        if !typing { b.append(KeyBinding(.character(" "), .toggle, help: "")) }
        return KeyMap(b)
    }

    /// Two keys with one help entry ("↑/↓ move"): the first binding carries the help.
    private static func pair(_ b: inout [KeyBinding<TaskAction>], _ k1: Key, _ a1: TaskAction, _ k2: Key, _ a2: TaskAction,
                             _ help: String, _ helpKey: String) {
        b.append(KeyBinding(k1, a1, help: help, helpKey: helpKey))
        b.append(KeyBinding(k2, a2, help: ""))
    }
}
