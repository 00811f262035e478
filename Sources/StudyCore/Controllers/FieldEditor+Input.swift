import Foundation

/// What an edit did to a field.
public enum FieldChange: Sendable, Equatable {
    /// The answer (or what the field shows) changed.
    case changed
    /// The input was understood but changed nothing (a cursor move, for example).
    case moved
    /// The input is not allowed here (the bell rings).
    case rejected
    /// The input means nothing to this editor (the presentation may use it, e.g. to move focus).
    case unhandled
}

/// The time and zone an edit happens in (date stepping starts from now).
public struct EditContext: Sendable, Equatable {
    public var now: Date
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }
}

extension FieldEditor {
    /// Applies an edit.
    public mutating func apply(_ input: FieldInput, context: EditContext) -> FieldChange {
        if input == .pageUp || input == .pageDown, case .text = state, cycleUnit(input == .pageDown ? 1 : -1) { return .changed }
        if input == .clear {
            let had = rawValue != .null
            state = Self.makeState(field)
            message = nil
            return had ? .changed : .moved
        }
        let change: FieldChange
        // Each case takes the payload out and leaves a placeholder before it changes, so the
        // payload has one owner and changes in place: without that, every key copied the whole
        // text buffer or choice list (a `switch` over a copy keeps the copy alive).
        switch state {
        case .text(var b, let kind):
            state = .readOnly(.null)
            change = Self.edit(&b, kind: kind, input)
            state = .text(b, kind)
        case .date(var d):
            state = .readOnly(.null)
            change = Self.edit(&d, input, context)
            state = .date(d)
        case .duration(var d):
            state = .readOnly(.null)
            change = Self.edit(&d, input)
            state = .duration(d)
        case .choice(var c):
            state = .readOnly(.null)
            change = Self.edit(&c, input)
            state = .choice(c)
        case .checkbox(let on):
            change = Self.edit(checkbox: on, input, into: &state)
        case .slider(var s):
            state = .readOnly(.null)
            change = Self.edit(&s, input)
            state = .slider(s)
        case .components(var p):
            state = .readOnly(.null)
            change = Self.edit(&p, input)
            state = .components(p)
        case .entries, .readOnly:
            change = .unhandled
        }
        if change == .changed { message = nil }
        return change
    }

    static func result(_ ok: Bool) -> FieldChange { ok ? .changed : .rejected }

    static func edit(_ b: inout TextBuffer, kind: TextKind, _ input: FieldInput) -> FieldChange {
        switch input {
        case .insert(let c): return kind.accepts(c) ? result(b.insert(c)) : .rejected
        case .toggle: return kind == .text || kind == .postalCode ? result(b.insert(" ")) : .rejected
        case .activate: return b.isMultiline ? result(b.insert("\n")) : .unhandled
        case .backspace: return result(b.backspace())
        case .deleteForward: return result(b.deleteForward())
        case .left: return b.move(by: -1) ? .moved : .rejected
        case .right: return b.move(by: 1) ? .moved : .rejected
        case .home: b.moveHome(); return .moved
        case .end: b.moveEnd(); return .moved
        case .up: return b.isMultiline && b.moveLine(-1) ? .moved : .unhandled
        case .down: return b.isMultiline && b.moveLine(1) ? .moved : .unhandled
        case .setText(let s): b.setText(s); return .changed
        case .pageUp, .pageDown, .choose, .clear, .close, .part: return .unhandled
        }
    }

    static func edit(_ d: inout DateEntry, _ input: FieldInput, _ context: EditContext) -> FieldChange {
        switch input {
        case .insert(let c): return result(d.insert(c))
        case .backspace: return result(d.backspace())
        case .left, .pageUp: d.step(-1, now: context.now, timeZone: context.timeZone); return .changed
        case .right, .pageDown: d.step(1, now: context.now, timeZone: context.timeZone); return .changed
        case .setText(let s): d.setText(s); return .changed
        default: return .unhandled
        }
    }

    static func edit(_ d: inout DurationEntry, _ input: FieldInput) -> FieldChange {
        switch input {
        case .insert(let c): return result(d.insert(c))
        case .backspace: return result(d.backspace())
        case .left: return d.moveActive(-1) ? .moved : .rejected
        case .right: return d.moveActive(1) ? .moved : .rejected
        case .part(let move): return d.movePart(move) ? .moved : .unhandled
        case .setText(let s): d.setText(s); return .changed
        default: return .unhandled
        }
    }

    static func edit(_ c: inout ChoiceList, _ input: FieldInput) -> FieldChange {
        let collapsed = c.isCollapsed == true
        switch input {
        case .up, .down:
            if collapsed { return .unhandled }
            return c.moveHighlight(input == .up ? -1 : 1) ? .moved : .rejected
        case .pageUp, .pageDown:
            if collapsed { return result(c.step(input == .pageUp ? -10 : 10)) }
            return c.moveHighlight(input == .pageUp ? -10 : 10) ? .moved : .rejected
        case .home, .end:
            if collapsed { return result(c.step(input == .home ? -c.choices.count : c.choices.count)) }
            c.highlightEdge(toEnd: input == .end)
            return .moved
        case .left, .right:
            if c.isEditingOther {
                return c.otherText.move(by: input == .left ? -1 : 1) ? .moved : .rejected
            }
            guard c.isCollapsed != nil || !c.allowsMultiple else { return .unhandled }
            return result(c.step(input == .left ? -1 : 1))
        case .toggle:
            if collapsed { c.setCollapsed(false); return .moved }
            if c.isEditingOther { return result(c.otherText.insert(" ")) }
            c.toggleHighlighted()
            return .changed
        case .activate:
            // Enter takes only an option the participant moved to: a highlight resting where the
            // list starts is not a choice.
            if collapsed { c.setCollapsed(false); return .moved }
            if c.isCollapsed == false {
                guard let i = c.optionForEnter else { return .rejected }
                c.toggle(i)
                c.setCollapsed(true)
                return .changed
            }
            if !c.allowsMultiple, let i = c.optionForEnter, !c.selected.contains(i) { c.toggle(i); return .changed }
            return .moved
        case .choose(let n):
            let rows = c.visibleRows
            guard rows.indices.contains(n) else { return .rejected }
            c.highlightRow(n)
            c.toggle(rows[n])
            if c.isCollapsed == false { c.setCollapsed(true) }
            return .changed
        case .insert(let ch):
            if c.isEditingOther { return result(c.otherText.insert(ch)) }
            if c.isFilterable || c.isCollapsed != nil { return c.appendFilter(ch) ? .moved : .rejected }
            if let d = ch.wholeNumberValue, d >= 1 { return edit(&c, .choose(d - 1)) }
            return .rejected
        case .backspace:
            if c.isEditingOther { return result(c.otherText.backspace()) }
            return c.dropFilterCharacter() ? .moved : .rejected
        case .deleteForward:
            if c.isEditingOther { return result(c.otherText.deleteForward()) }
            return .rejected
        case .setText(let s): return result(c.setText(s))
        case .close: return c.closeInnermost() ? .moved : .unhandled
        case .clear, .part: return .unhandled
        }
    }

    static func edit(checkbox on: Bool, _ input: FieldInput, into state: inout EditorState) -> FieldChange {
        switch input {
        case .toggle:
            state = .checkbox(!on)
            return .changed
        case .setText(let s):
            let t = s.trimmingCharacters(in: .whitespaces).lowercased()
            guard let v = ["y": true, "yes": true, "x": true, "1": true, "n": false, "no": false, "0": false, "": false][t] else { return .rejected }
            state = .checkbox(v)
            return .changed
        default: return .unhandled
        }
    }

    static func edit(_ s: inout SliderScale, _ input: FieldInput) -> FieldChange {
        switch input {
        case .left: return result(s.move(steps: -1))
        case .right: return result(s.move(steps: 1))
        case .pageUp: return result(s.move(steps: s.pageSteps))
        case .pageDown: return result(s.move(steps: -s.pageSteps))
        case .home: return result(s.moveToEnd(false))
        case .end: return result(s.moveToEnd(true))
        case .setText(let t):
            guard let v = Double(t.trimmingCharacters(in: .whitespaces)), v >= s.minimum, v <= s.maximum else { return .rejected }
            s.set(v)
            return .changed
        default: return .unhandled
        }
    }

    static func edit(_ p: inout ComponentPicker, _ input: FieldInput) -> FieldChange {
        switch input {
        case .left: return p.moveColumn(-1) ? .moved : .rejected
        case .right: return p.moveColumn(1) ? .moved : .rejected
        case .up: return result(p.step(-1))
        case .down: return result(p.step(1))
        case .choose(let n): return result(p.choose(n))
        case .insert(let c):
            guard let d = c.wholeNumberValue, d >= 1 else { return .rejected }
            return result(p.choose(d - 1))
        case .part(let move): return p.movePart(move) ? .moved : .unhandled
        case .setText(let s): p.setText(s); return .changed
        default: return .unhandled
        }
    }
}
