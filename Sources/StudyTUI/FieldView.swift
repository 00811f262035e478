import StudyCore
import TUIKit

/// Draws one field into a step body: its prompt, detail, editor and message.
struct FieldView {
    let editor: FieldEditor
    let path: FieldPath
    let focus: FocusTarget?
    var showsPrompt = true
    var indent = 0

    var isFocused: Bool { focus == .field(path) }
    var target: FocusTarget { .field(path) }
    var pad: String { TextWidth.spaces(indent) }

    func add(to body: inout StepBody) {
        let f = editor.field
        var isCheckbox = false
        if case .checkbox = editor.state { isCheckbox = true }
        if showsPrompt, !isCheckbox, let prompt = f.prompt {
            var line = tagged(BodyLine(pad))
            line.add(Sanitizer.sanitizeLine(prompt), .accent)
            if f.isOptional, !f.isReadOnly { line.add(" (optional)", .dim) }
            body.add(line)
        }
        body.addWrapped(f.detail, role: .dim, indent: indent, focus: target)
        switch editor.state {
        case .text(let b, let kind): addText(b, kind: kind, to: &body)
        case .date(let d): addDate(d, to: &body)
        case .duration(let d): addDuration(d, to: &body)
        case .choice(let c): ChoiceView(list: c, field: self).add(to: &body)
        case .checkbox(let on): addCheckbox(on, to: &body)
        case .slider(let s): SliderView(scale: s, field: self).add(to: &body)
        case .components(let p): addComponents(p, to: &body)
        case .entries(let list): addEntries(list, to: &body)
        case .readOnly(let v):
            var line = tagged(BodyLine(pad))
            line.add(v == .null ? "—" : ValueText.describe(v), .accent)
            line.add("  (filled in for you)", .dim)
            body.add(line)
        }
        if let m = editor.message {
            addWrapped("! " + Sanitizer.sanitizeLine(m.text), role: .error, to: &body)
            if let how = howToChoose { addWrapped(how, role: .dim, to: &body) }
        }
    }

    /// How to choose, said under an empty list that needs an answer (Enter alone takes nothing).
    var howToChoose: String? {
        guard case .choice(let c) = editor.state, c.selected.isEmpty else { return nil }
        if c.isCollapsed != nil { return "Enter opens the list; move to an option with ↑/↓ and press Enter." }
        let verb = c.allowsMultiple ? "Tick" : "Choose"
        return ChoiceView.hasFilter(c) ? "\(verb) by moving to an option with ↑/↓ and pressing Space."
            : "\(verb) with an option's number, or move to it with ↑/↓ and press Space."
    }

    /// Adds `text` wrapped to the body's width at the field's indent, as lines of this field.
    func addWrapped(_ text: String, role: StyleRole, to body: inout StepBody) {
        for l in TextWidth.wrap(text, width: max(1, body.width - indent)) {
            body.add(tagged(BodyLine(pad + l, role: role)))
        }
    }

    /// A line that belongs to this field (focus and click).
    func tagged(_ line: BodyLine, row: Int? = nil) -> BodyLine {
        var l = line
        l.focus = target
        l.target = .field(path, row: row)
        return l
    }

    /// The role of an input box's brackets: reversed when focused. The text inside stays plain,
    /// so typing repaints one cell with no attribute changes.
    var boxRole: StyleRole { isFocused ? .focused : .normal }

    /// `[text]` of a fixed width, scrolled so the cursor shows; returns the line and cursor column.
    func box(_ shown: [Character], cursor: Int, width: Int, placeholder: String?) -> (BodyLine, Int) {
        let (visible, offset) = Self.window(shown, cursor: cursor, width: width)
        return (boxLine(visible, isEmpty: shown.isEmpty, width: width, placeholder: placeholder), indent + 1 + offset)
    }

    /// The part of `shown` a box `width` columns wide shows, scrolled so that the cursor (an index
    /// into `shown`) stays inside, cut to the width; and the cursor's column in it.
    static func window(_ shown: [Character], cursor: Int, width: Int) -> (visible: String, cursor: Int) {
        var start = 0
        var used = 0
        for c in shown.prefix(cursor).reversed() {
            used += TextWidth.width(of: c)
            if used > width - 1 { break }
        }
        if used > width - 1 { start = max(0, cursor - (width - 1)) }
        let visible = TextWidth.truncate(TextBuffer.joined(shown[start...]), to: width, ellipsis: "")
        return (visible, TextWidth.width(of: TextBuffer.joined(shown[start..<min(cursor, shown.count)])))
    }

    /// `box` for a buffer of printable ASCII (see ``TextBuffer/isPrintableASCII``): one column a
    /// byte and nothing to sanitize, so the scroll and the cursor column are plain arithmetic.
    func asciiBox(_ b: TextBuffer, width: Int, placeholder: String?) -> (BodyLine, Int) {
        let start = max(0, b.cursor - (width - 1))
        let visible = String(decoding: b.text.utf8.dropFirst(start).prefix(width), as: UTF8.self)
        return (boxLine(visible, isEmpty: b.isEmpty, width: width, placeholder: placeholder), indent + 1 + b.cursor - start)
    }

    /// `[visible]` padded to `width` columns, or the placeholder when the field is empty.
    private func boxLine(_ visible: String, isEmpty: Bool, width: Int, placeholder: String?) -> BodyLine {
        var line = tagged(BodyLine(pad))
        line.spans.reserveCapacity(line.spans.count + 4)   // brackets, text, hint: one allocation
        line.add("[", boxRole)
        if isEmpty, let placeholder {
            line.add(TextWidth.pad(Sanitizer.sanitizeLine(placeholder), to: width), .dim)
        } else {
            line.add(TextWidth.pad(visible, to: width))
        }
        line.add("]", boxRole)
        return line
    }

    /// The columns inside the `[…]` of a single-line text box in a body `bodyWidth` wide.
    static func boxWidth(_ b: TextBuffer, kind: TextKind, bodyWidth: Int, indent: Int) -> Int {
        let limit = b.maximumLength.map { $0 + 1 } ?? 40
        return min(max(4, bodyWidth - indent - 2), max(kind == .text ? 20 : 8, limit))
    }

    func addText(_ b: TextBuffer, kind: TextKind, to body: inout StepBody) {
        if b.isMultiline {
            MultilineView(buffer: b, field: self).add(to: &body, width: min(max(4, body.width - indent - 2), 70))
            return
        }
        let width = Self.boxWidth(b, kind: kind, bodyWidth: body.width, indent: indent)
        let f = editor.field   // one copy of the field for the whole box
        var secure = false
        if case .text(let o) = f.kind { secure = o.isSecure }
        var (line, col): (BodyLine, Int)
        if !secure, b.isPrintableASCII {
            (line, col) = asciiBox(b, width: width, placeholder: f.placeholder)
        } else {
            let shown = secure ? Array(String(repeating: "•", count: b.characters.count)) : b.characters.map(Sanitizer.sanitizeCharacter)
            (line, col) = box(shown, cursor: b.cursor, width: width, placeholder: f.placeholder)
        }
        let hint = FieldHints.suffix(f, unit: editor.chosenUnit)
        let hintFits = hint.map { indent + width + 4 + TextWidth.width(of: $0) <= body.width } ?? true
        if let hint, hintFits { line.add("  " + hint, .dim) }
        if isFocused { body.setCursorOnNextLine(column: col) }
        body.add(line)
        if let hint, !hintFits { body.add(tagged(BodyLine(pad + "  " + hint, role: .dim))) }  // below the box when it does not fit beside it
    }

    func addDate(_ d: DateEntry, to body: inout StepBody) {
        let width = max(d.options.codingFormat.count + 2, 12)
        let (line, col) = box(d.text.characters, cursor: d.text.cursor, width: width, placeholder: editor.field.placeholder ?? "e.g. " + d.example)
        var l = line
        let unit = d.options.component == .time ? "\(max(1, d.options.minuteInterval ?? 1)) min" : "a day"
        let hint = "e.g. \(d.example), ←/→ change by \(unit)"
        // Beside the box when it fits, else whole below it (never cut at the edge).
        let fits = l.width + 2 + TextWidth.width(of: hint) <= body.width
        if fits { l.add("  " + hint, .dim) }
        if isFocused { body.setCursorOnNextLine(column: col) }
        body.add(l)
        if !fits { addWrapped(hint, role: .dim, to: &body) }
    }

    func addDuration(_ d: DurationEntry, to body: inout StepBody) {
        var line = tagged(BodyLine(pad))
        var col = indent
        for (i, (unit, part)) in zip(d.units, d.parts).enumerated() {
            line.add("[")
            let active = isFocused && i == d.active
            if active { col = line.width + TextWidth.width(of: part.text) }
            line.add(TextWidth.pad(part.text, to: 5), active ? .focused : .normal)
            line.add("] " + DurationEntry.label(unit) + "  ")
        }
        if isFocused { body.setCursorOnNextLine(column: col) }
        body.add(line)
    }

    func addCheckbox(_ on: Bool, to body: inout StepBody) {
        var line = tagged(BodyLine(pad))
        line.add(on ? "[x] " : "[ ] ", isFocused ? .focused : (on ? .selected : .normal))
        var label = editor.field.prompt ?? "Yes"
        if case .boolean(let o) = editor.field.kind, o.trueLabel != "Yes" { label = o.trueLabel }
        line.add(Sanitizer.sanitizeLine(label), on ? .selected : .normal)
        if isFocused { body.setCursorOnNextLine(column: indent + 1) }
        body.add(line)
    }

    func addComponents(_ p: ComponentPicker, to body: inout StepBody) {
        var line = tagged(BodyLine(pad))
        var col = indent
        for (i, column) in p.columns.enumerated() {
            if i > 0 { line.add(p.separator.map { Sanitizer.sanitizeLine($0) } ?? " ") }
            let label = p.chosen[i].map { Sanitizer.sanitizeLine(column[$0].text) } ?? "choose"
            let active = isFocused && i == p.active
            if active { col = line.width + 1 }
            line.add("‹ " + label + " ›", active ? .focused : (p.chosen[i] == nil ? .dim : .selected))
        }
        if isFocused { body.setCursorOnNextLine(column: col) }
        body.add(line)
        if isFocused { body.add(tagged(BodyLine(pad + "←/→ column, ↑/↓ change", role: .dim))) }
    }

    func addEntries(_ list: EntryList, to body: inout StepBody) {
        for (e, entry) in list.entries.enumerated() {
            body.add(tagged(BodyLine(pad + Sanitizer.sanitizeLine(list.heading(e)), role: .title)))
            for (s, sub) in entry.enumerated() where !sub.field.isHidden && !sub.isDisabled {
                FieldView(editor: sub, path: path.appending(entry: e, sub: s), focus: focus,
                          showsPrompt: list.isGroup, indent: indent + 2).add(to: &body)
            }
        }
        let label = Sanitizer.sanitizeLine(list.itemLabel)
        let adds = list.isGroup ? "Ctrl-N adds an entry (\(label))" : "Ctrl-N adds an answer"
        let text = list.canAdd ? adds + ", Ctrl-X removes the one you are in" : "Ctrl-X removes the entry you are in"
        if isFocused { body.setCursorOnNextLine(column: indent) }
        for part in TextWidth.wrap(text, width: max(1, body.width - indent)) {  // wrapped, never cut, on narrow screens
            var hint = tagged(BodyLine(pad))
            hint.add(part, isFocused ? .focused : .dim)
            body.add(hint)
        }
    }
}
