import Foundation
import StudyCore
import TUIKit

extension LineSession {
    /// Asks every shown field in turn, then checks the step; re-asks a field with its message.
    func questionStep(_ start: QuestionStepController) -> StepReply {
        var q = start
        var i = 0
        while true {
            let fields = q.visibleFields
            if i >= fields.count {
                switch q.handle(.goForward, now: environment.now()).request {
                case .forward(let answers)?: return .forward(answers)
                default:
                    let problem = q.editors.firstIndex { $0.message != nil }
                    say("! " + Sanitizer.sanitizeLine(q.message?.text ?? "Please check your answers."))
                    i = problem.flatMap { fields.firstIndex(of: $0) } ?? 0
                    continue
                }
            }
            switch askField(&q, path: FieldPath(field: fields[i]), number: fields.count > 1 ? i + 1 : nil) {
            case .next: i += 1
            case .reply(let r): return r
            }
        }
    }

    enum FieldStep {
        case next
        case reply(StepReply)
    }

    /// Asks one field until it holds a valid answer (or is left empty when optional).
    func askField(_ q: inout QuestionStepController, path: FieldPath, number: Int?) -> FieldStep {
        guard let editor = q.editor(at: path) else { return .next }
        if case .readOnly(let v) = editor.state {
            say("\(label(editor, number)): \(ValueText.describe(v)) (filled in for you)")
            return .next
        }
        if case .entries(let list) = editor.state { return askEntries(&q, path: path, list: list, number: number) }
        while true {
            let current = q.editor(at: path)!
            var prompt = label(current, number)
            let described = describe(current)
            if !described.isEmpty { prompt += "\n" + described }
            if current.rawValue != .null { prompt += "\n[now: \(ValueText.describe(current.rawValue))]" }
            switch ask(prompt) {
            case .ended: return .reply(.ended(q.validAnswers(now: environment.now())))
            case .command(.help): helpText()
            case .command(let c): return .reply(.command(c, q.validAnswers(now: environment.now())))
            case .text(let t):
                let now = environment.now()
                if !t.isEmpty || current.rawValue == .null {
                    if t.lowercased() == "clear" || t.isEmpty {
                        _ = q.handle(.edit(path, .clear), now: now)
                    } else if q.handle(.edit(path, .setText(t)), now: now).bell {
                        say("! That is not one of the choices. " + inputHint(current))
                        continue
                    }
                }
                _ = q.handle(.leave(path), now: now)
                let edited = q.editor(at: path)!
                if let m = edited.message {
                    say("! " + Sanitizer.sanitizeLine(m.text))
                    continue
                }
                if edited.rawValue == .null, !edited.field.isOptional {
                    say("! An answer is required.")
                    continue
                }
                if case .choice = edited.state { say("Selected: " + (edited.rawValue == .null ? "nothing" : selectedLabels(edited))) }
                return .next
            }
        }
    }

    /// The field's label, numbered when the step has several. A step's only field whose prompt is
    /// missing or repeats the step title (just said in the header) is asked as "Your answer".
    func label(_ e: FieldEditor, _ number: Int?) -> String {
        let title = run.currentStep?.title
        let repeatsTitle = number == nil && title != nil && (e.field.prompt == nil || e.field.prompt == title)
        let text = repeatsTitle ? "Your answer" : Sanitizer.sanitizeLine(e.field.prompt ?? title ?? e.field.identifier)
        let optional = e.field.isOptional ? " (optional)" : ""
        return (number.map { "\($0). " } ?? "") + text + optional
    }

    /// The options or the expected format.
    func describe(_ e: FieldEditor) -> String {
        var lines: [String] = []
        if let d = e.field.detail { lines.append(Sanitizer.sanitizeParagraphs(d)) }
        if case .choice(let c) = e.state {
            for (n, idx) in c.visibleRows.enumerated() where idx != c.otherIndex {
                lines.append("  \(n + 1). " + Sanitizer.sanitizeLine(c.label(idx)))
            }
            if let other = c.other { lines.append("  Or type your own answer (\(Sanitizer.sanitizeLine(other.label))).") }
        }
        lines.append(inputHint(e))
        return lines.joined(separator: "\n")
    }

    /// How to type the answer.
    func inputHint(_ e: FieldEditor) -> String {
        switch e.state {
        case .choice(let c): return c.allowsMultiple ? "Type the numbers of all that apply, separated by commas." : "Type the number of your answer."
        case .checkbox: return "Type yes or no."
        case .slider(let s):
            var t = "Type a number from \(JSONValue.double(s.minimum).displayText) to \(JSONValue.double(s.maximum).displayText)"
            if let l = s.minimumLabel, let h = s.maximumLabel { t += " (\(Sanitizer.sanitizeLine(l)) to \(Sanitizer.sanitizeLine(h)))" }
            return t + "."
        case .date(let d): return "Type it like \(d.example)."
        case .duration(let d): return "Type " + d.units.map { DurationEntry.label($0) }.joined(separator: ":") + ", for example 1:30."
        case .components(let p):
            return "Type one choice per part, separated by commas: " + p.columns.map { $0.map { Sanitizer.sanitizeLine($0.text) }.joined(separator: "/") }.joined(separator: ", ") + "."
        case .text(_, let kind):
            let units = e.unitChoices.map { Sanitizer.sanitizeLine($0.label) }
            if units.count > 1 {
                return "Type a number and its unit, one of \(units.joined(separator: ", ")) (for example 70 \(units[1]); without a unit: \(units[0]))."
            }
            switch kind {
            case .integer, .year: return "Type a whole number" + (FieldHints.suffix(e.field).map { " (\($0))" } ?? "") + "."
            case .decimal, .measurement: return "Type a number" + (FieldHints.suffix(e.field).map { " (\($0))" } ?? "") + "."
            default: return "Type your answer" + (e.field.placeholder.map { " (\(Sanitizer.sanitizeLine($0)))" } ?? "") + "."
            }
        default: return ""
        }
    }

    func selectedLabels(_ e: FieldEditor) -> String {
        guard case .choice(let c) = e.state else { return ValueText.describe(e.rawValue) }
        return c.selected.sorted().map { $0 == c.otherIndex ? Sanitizer.sanitizeLine(c.otherText.text) : Sanitizer.sanitizeLine(c.label($0)) }
            .joined(separator: ", ")
    }

    /// A repeating group (at any depth): each entry's fields, then "add another?".
    func askEntries(_ q: inout QuestionStepController, path: FieldPath, list start: EntryList, number: Int?) -> FieldStep {
        if let group = q.editor(at: path) { say(label(group, number)) }
        var e = 0
        while true {
            guard case .entries(let list)? = q.editor(at: path)?.state else { return .next }
            if e < list.entries.count {
                say(Sanitizer.sanitizeLine(list.heading(e)))
                var s = 0
                // Read again after each answer: it may enable or disable the fields after it.
                while case .entries(let now)? = q.editor(at: path)?.state, now.entries.indices.contains(e), s < now.entries[e].count {
                    let sub = now.entries[e][s]
                    if !sub.field.isHidden, !sub.isDisabled,
                       case .reply(let r) = askField(&q, path: path.appending(entry: e, sub: s), number: nil) {
                        return .reply(r)
                    }
                    s += 1
                }
                e += 1
                continue
            }
            guard list.canAdd else { return .next }
            switch ask("Add another \(Sanitizer.sanitizeLine(list.itemLabel))? Type yes or no.") {
            case .ended: return .reply(.ended(q.validAnswers(now: environment.now())))
            case .command(.help): helpText()
            case .command(let c): return .reply(.command(c, q.validAnswers(now: environment.now())))
            case .text(let t):
                if ["y", "yes"].contains(t.lowercased()) { _ = q.handle(.addEntry(group: path), now: environment.now()) } else { return .next }
            }
        }
    }
}
