import Foundation
import StudyCore
import TUIKit

extension TaskScreen {
    /// Applies one message, then brings the key map and help line up to date.
    public mutating func update(_ message: Message) -> [Command<Message>] {
        let typing = isTypingIntoText(message)
        let structure = structureRevision
        let commands = handle(message)
        // Typing into a text field, what most keys do, leaves a text editor one: the key map and
        // help change only if the edit changed which fields show.
        if !typing || structureRevision != structure { refreshKeys() }
        return commands
    }

    /// True when `message` is a character that goes into the focused text field.
    private func isTypingIntoText(_ message: Message) -> Bool {
        guard case .keyPressed(.character) = message, overlay == nil, !isTooSmall else { return false }
        return readFocusedEditor(\.isTextEntry) == true
    }

    /// The question step's ``QuestionStepController/structureRevision`` (0 on other steps).
    var structureRevision: Int {
        if case .question(let q)? = controller { return q.structureRevision }
        return 0
    }

    /// Rebuilds the key map and help line when what they depend on changed.
    mutating func refreshKeys() {
        let targets = focusRingCount
        let context = KeyContext(focus: keyFocus, enterTitle: enterTitle, canGoBack: buttons.back != nil,
                                 typing: readFocusedEditor(\.takesTyping) ?? false, inGroup: focusedGroup != nil,
                                 timerRunning: activeController?.isRunning ?? false, canEnter: canEnter(targets: targets),
                                 canTab: targets > 1, closes: readFocusedEditor(Self.openPart) ?? nil, width: size.width,
                                 canCancel: canCancel)
        guard context != keys.context else { return }
        let map = TaskKeys.map(focus: context.focus, enterTitle: Self.helpTitle(context.enterTitle), canGoBack: context.canGoBack,
                               typing: context.typing, inGroup: context.inGroup, timerRunning: context.timerRunning,
                               canEnter: context.canEnter, canTab: context.canTab, closes: context.closes,
                               canCancel: context.canCancel)
        keys = KeyState(context: context, map: map, help: Self.helpLine(map, width: size.width - 2))
    }

    /// The help line: the active bindings that fit, always ending with F1 help.
    static func helpLine(_ map: KeyMap<TaskAction>, width: Int) -> String {
        let help = "F1 help"
        let rest = map.enabling(.help, false).helpLine(width: width - TextWidth.width(of: help) - 2)
        return rest.isEmpty ? help : rest + "  " + help
    }

    mutating func handle(_ message: Message) -> [Command<Message>] {
        switch message {
        case .stepAppeared:
            return stepAppeared()
        case .keyPressed(let key):
            if let overlay { return overlayKey(key, overlay) }
            if isTooSmall { return key == .ctrl("c") && canCancel ? openCancelMenu() : [] }
            return keyPressed(key)
        case .mouseClicked(let x, let y):
            guard overlay == nil, !isTooSmall else { return [] }
            return clicked(x: x, y: y)
        case .resized(let s):
            size = s
            layOutStepText()
            return timedResized()
        case .signalled(let s):
            return saveAndLeave(.signalled(s))
        case .timerTicked(let generation):
            let now = environment.uptime()
            guard generation == timerGeneration, let out = withActive({ $0.handle(.tick(at: now)) }) else { return [] }
            return apply(out) + scheduleTick()
        case .captionRead(let generation):
            guard generation == timerGeneration else { return [] }
            return releaseHeldForward()
        case .autosaved(let error):
            return autosaved(error)
        case .inactivityTimedOut(let keepPartial):
            return timeOut(keepPartial: keepPartial)
        case .timedKeyRead, .timedFramePresented, .timedTimerFired, .timedPaused, .timedInterrupted:
            return handleTimed(message)
        }
    }

    /// The key map in force now (the help line is drawn from it).
    public var keyMap: KeyMap<TaskAction> { keys.map }

    /// True when Enter does something: starts a timed step, or reaches one of the `targets` on
    /// the ring; false on a step that moves on by itself.
    func canEnter(targets: Int) -> Bool {
        if holdsForward { return true }
        if case .timed? = controller { return true }
        if let a = activeController, a.startedAt == nil, a.isTimed { return true }
        return buttons.forward != nil || targets > 0
    }

    var activeController: ActiveStepController? {
        if case .active(let a)? = controller { return a }
        return nil
    }

    /// What Enter says in help, as the button has it (see ``helpTitle(_:)``, applied only when the
    /// key map is rebuilt: case mapping reads Unicode tables, and this is asked at every key).
    var enterTitle: String {
        if case .timed(let t)? = controller { return t.enterTitle }
        if let a = activeController, a.startedAt == nil, a.isTimed { return "start" }
        if case .button(let type)? = focus, let b = buttons.all.first(where: { $0.type == type }) { return b.title }
        if hasLaterField { return "next field" }
        return buttons.forward?.title ?? "next"
    }

    /// The innermost repeating group the focus is in (or on): where Ctrl-N and Ctrl-X act.
    var focusedGroup: FieldPath? {
        guard case .field(let path)? = focus, case .question(let q)? = controller else { return nil }
        if q.reading(path, { if case .entries = $0.state { true } else { false } }) == true { return path }
        return path.group
    }

    /// The kind of thing focused, for the key map.
    var keyFocus: TaskKeys.Focus {
        if case .button? = focus { return .button }
        if case .active(let a)? = controller { return a.startedAt != nil && !a.isFinished ? .timer : .none }
        return readFocusedEditor(Self.focusKind) ?? .none
    }

    /// What Esc closes in an editor before it goes back a step.
    private static func openPart(_ e: FieldEditor) -> ChoiceList.OpenPart? {
        if case .choice(let c) = e.state { return c.innermostOpen }
        return nil
    }

    /// The key-map kind of an editor.
    private static func focusKind(_ e: FieldEditor) -> TaskKeys.Focus {
        switch e.state {
        case .text(let b, _): return b.isMultiline ? .multilineText : (e.unitChoices.isEmpty ? .text : .quantity)
        case .date: return .date
        case .duration: return .duration
        case .choice(let c):
            if let collapsed = c.isCollapsed { return collapsed ? (c.selected.isEmpty ? .picker : .chosenPicker) : .openPicker }
            return c.allowsMultiple ? .checkList : .list
        case .checkbox: return .checkbox
        case .slider: return .slider
        case .components: return .components
        case .entries: return .group
        case .readOnly: return .readOnly
        }
    }

    mutating func keyPressed(_ key: Key) -> [Command<Message>] {
        notice = nil
        scrollPinned = false   // the body follows the focus again, unless this key scrolls it
        if case .character(let c) = key, typesInto(c) { return edit(.insert(c)) }
        guard let action = keyMap.action(for: key) else {
            if case .character = key, case .question? = controller { return [.bell] }
            return []
        }
        return perform(action)
    }

    /// True when the focused editor takes `c` as typing (a space may toggle instead). A function
    /// of its own so that no copy of the editor is alive while the edit changes it: a second
    /// reference would make the edit copy the whole text.
    private func typesInto(_ c: Character) -> Bool {
        readFocusedEditor { $0.takesTyping && (c != " " || $0.takesSpace) } ?? false
    }

    mutating func perform(_ action: TaskAction) -> [Command<Message>] {
        switch action {
        case .activate: return activate()
        case .nextFocus: return moveFocus(1)
        case .previousFocus: return moveFocus(-1)
        case .up: return editOrFocus(.up, fallback: -1)
        case .down: return editOrFocus(.down, fallback: 1)
        case .left, .right:
            if case .button? = focus { return moveButtonFocus(action == .left ? -1 : 1) }
            return edit(action == .left ? .left : .right)
        case .pageUp, .pageDown:
            if focusedEditor != nil, let out = editUsing(action == .pageUp ? .pageUp : .pageDown) { return out }
            return scrollBody(by: (action == .pageUp ? -1 : 1) * max(1, bodyHeight - 1))
        case .home: return edit(.home)
        case .end: return edit(.end)
        case .toggle:
            let now = environment.uptime()
            if let out = withActive({ $0.isPaused ? $0.handle(.resume(at: now)) : $0.handle(.pause(at: now)) }) {
                timerGeneration += 1
                return apply(out) + scheduleTick()
            }
            if case .button(let type)? = focus { return press(type) }
            return edit(.toggle)
        case .choose(let n): return edit(.choose(n))
        case .backspace: return edit(.backspace)
        case .deleteForward: return edit(.deleteForward)
        case .goBack: return handleStep(.goBack)
        case .closeInner: return edit(.close, quietIfUnhandled: true) ?? handleStep(.goBack)
        case .cancelMenu: return openCancelMenu()
        case .help:
            overlay = .help
            return []
        case .addEntry:
            guard let group = focusedGroup else { return [.bell] }
            let cmds = handleStep(.addEntry(group: group))
            let added = entryCount(of: group) - 1, depth = group.levels.count
            if case .question(let q)? = controller {
                // The first field of the new entry.
                focus = .field(q.focusablePaths.first { p in
                    p.field == group.field && p.levels.count > depth && Array(p.levels.prefix(depth)) == group.levels
                        && p.levels[depth].entry == added
                } ?? group)
            }
            return cmds
        case .removeEntry:
            guard let group = focusedGroup, case .field(let path)? = focus else { return [.bell] }
            let entry = path.levels.count > group.levels.count ? path.levels[group.levels.count].entry : entryCount(of: group) - 1
            let cmds = handleStep(.removeEntry(group: group, entry: max(0, entry)))
            focus = .field(group)
            keepFocusValid()
            return cmds
        }
    }

    /// How many entries the repeating group at `group` has.
    func entryCount(of group: FieldPath) -> Int {
        guard case .question(let q)? = controller else { return 0 }
        return q.reading(group) { if case .entries(let list) = $0.state { list.entries.count } else { 0 } } ?? 0
    }

    /// Enter: a button press, an action inside the field, or going forward.
    mutating func activate() -> [Command<Message>] {
        if holdsForward { return releaseHeldForward() }
        if case .timed? = controller, focus == nil || focus == .button(.goForward) { return timedEnter() }
        if case .button(let type)? = focus { return press(type) }
        if let a = activeController, a.startedAt == nil, a.isTimed {
            return startTimer()
        }
        if let e = focusedEditor {
            if e.consumesEnter { return edit(.activate) }
            if case .choice(let c) = e.state, c.isCollapsed == nil { _ = edit(.activate) }
        }
        if let next = nextFieldTarget {
            _ = moveFocusTo(next)
            _ = edit(.part(.first), quietIfUnhandled: true)
            return []
        }
        if buttons.forward != nil { return handleStep(.goForward) }
        return [.bell]
    }

    /// Presses a button.
    mutating func press(_ type: ActionType) -> [Command<Message>] {
        switch type {
        case .goForward: return handleStep(.goForward)
        case .goBackward: return handleStep(.goBack)
        case .skip: return handleStep(.skip)
        case .learnMore:
            overlay = .learnMore(StepButtons.learnMoreText(run) ?? "")
            return []
        default: return []
        }
    }

    /// Sends an edit to the focused field.
    mutating func edit(_ input: FieldInput) -> [Command<Message>] {
        edit(input, quietIfUnhandled: false) ?? []
    }

    /// Sends an edit; nil when the field did not use it and `quietIfUnhandled` is set.
    mutating func edit(_ input: FieldInput, quietIfUnhandled: Bool) -> [Command<Message>]? {
        let now = environment.now()
        let structure = structureRevision
        guard case .field(let path)? = focus, let out = withQuestion({ $0.handle(.edit(path, input), now: now) }) else {
            return quietIfUnhandled ? nil : []
        }
        if !out.handled { return quietIfUnhandled ? nil : [] }
        if structureRevision != structure { keepFocusValid() }
        return apply(out)
    }

    /// Moves focus around the ring, checking the field left.
    /// Inside an entry of several parts (hours and minutes, a picker's columns) Tab and Shift-Tab
    /// first go through its parts; a field reached going back starts at its last part.
    mutating func moveFocus(_ delta: Int) -> [Command<Message>] {
        let ring = focusRing
        guard !ring.isEmpty else { return [] }
        if case .field(let path)? = focus {
            if edit(.part(delta > 0 ? .next : .previous), quietIfUnhandled: true) != nil { return [] }
            let now = environment.now()
            _ = withQuestion { $0.handle(.leave(path), now: now) }
        }
        let current = focus.flatMap { ring.firstIndex(of: $0) } ?? -delta
        focus = ring[((current + delta) % ring.count + ring.count) % ring.count]
        if case .field? = focus { _ = edit(.part(delta > 0 ? .first : .last), quietIfUnhandled: true) }
        return []
    }

    /// Left/Right among the buttons.
    mutating func moveButtonFocus(_ delta: Int) -> [Command<Message>] {
        let row = buttons.all.map { FocusTarget.button($0.type) }
        guard let at = focus.flatMap({ row.firstIndex(of: $0) }) else { return [] }
        focus = row[min(max(0, at + delta), row.count - 1)]
        return []
    }

    /// Keeps the focus on something that still exists (after fields are disabled or entries removed).
    mutating func keepFocusValid() {
        if let f = focus, isOnFocusRing(f) { return }
        let ring = focusRing
        if case .field(let path)? = focus {
            focus = ring.first { if case .field(let p) = $0 { return p.field >= path.field } else { return true } } ?? ring.first
        } else {
            focus = initialFocus
        }
    }
}

extension FieldEditor {
    /// True for a text editor (one line or several).
    var isTextEntry: Bool {
        if case .text = state { return true }
        return false
    }

    /// True when Space types a space (text) rather than toggling.
    var takesSpace: Bool {
        switch state {
        case .text: return true
        case .choice(let c): return c.isEditingOther
        default: return false
        }
    }
}
