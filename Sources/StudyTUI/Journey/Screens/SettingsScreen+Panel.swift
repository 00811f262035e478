import Foundation
import StudyCore
import TUIKit

extension SettingsScreen {
    /// The panel under the menu: the export folder question, the leave question, a report, or the
    /// entry's description (the study details for the first). `focusRow` is the line with the
    /// focus (the folder field, or the highlighted answer), `fieldRow` the folder field's line.
    func panel(width: Int, timeZone: TimeZone) -> (lines: [StyledLine], focusRow: Int?, fieldRow: Int?) {
        if let prompt { return promptLines(prompt, width: width) }
        if leaving != nil {
            let lines = leaveLines(width: width)
            return (lines, lines.firstIndex { $0.text.hasPrefix("› ") }, nil)
        }
        if let report { return (report.flatMap { StyledLine.wrapped($0, width: width) }, nil, nil) }
        if let busy { return (StyledLine.wrapped(busy, width: width, role: .dim), nil, nil) }
        let about: String
        switch selection {
        case .details: return (detailLines(width: width, timeZone: timeZone), nil, nil)
        case .reload: about = "Fetch the study definition again. If its version changed you see what changed; your answers and unfinished tasks are kept."
        case .sending: return (syncLines(width: width, timeZone: timeZone), nil, nil)
        case .export: about = "Write every result of this study to files: task results (JSON), one row per answer (CSV) and FHIR resources (NDJSON). You choose the folder."
        case .leave: about = "Stop taking part. You are asked to confirm first; your data stays on this computer."
        case .back: return ([], nil, nil)
        }
        return (StyledLine.wrapped(about, width: width, role: .dim), nil, nil)
    }

    /// The sending state: what waits, when it was last sent, the last error, and what was refused.
    func syncLines(width: Int, timeZone: TimeZone) -> [StyledLine] {
        guard let sync else {
            return StyledLine.wrapped("This study lives on this computer: nothing is sent anywhere. Export your data to give it to the study team.",
                                      width: width, role: .dim)
        }
        let dates = DateText(timeZone: timeZone)
        var lines = StyledLine.wrapped(sync.waiting == 0 ? "Everything is sent." : "\(sync.waiting) \(sync.waiting == 1 ? "item" : "items") waiting to be sent"
            + (sync.nextAttemptAt.map { "; next try \(dates.dayAndTime($0))" } ?? "") + ".", width: width)
        lines += StyledLine.wrapped("Last sent: " + (sync.lastSuccessAt.map(dates.dayAndTime) ?? "never"), width: width, role: .dim)
        if let error = sync.lastError { lines += StyledLine.wrapped("Last problem: " + error, width: width, role: .warning) }
        if !sync.parked.isEmpty {
            lines += [.blank] + StyledLine.wrapped("Refused by the study server (kept here; tell the study team):", width: width, role: .error)
            lines += sync.parked.flatMap { StyledLine.wrapped("• " + $0, width: width) }
        }
        lines += [.blank] + StyledLine.wrapped(Self.sendHint, width: width, role: .dim)
        return lines
    }

    /// How the panel says results are sent.
    static let sendHint = "Press Enter to send now. StudyTerm also sends by itself while it runs."
    /// What line mode says while it sends.
    static let sendingLine = "Sending your results…"

    /// The export folder question: what is written where, the field, and the reason a try failed.
    private func promptLines(_ prompt: ExportPrompt, width: Int) -> (lines: [StyledLine], focusRow: Int?, fieldRow: Int?) {
        var lines = StyledLine.wrapped("Write the files into this folder (a new folder is made in it for this export):", width: width)
        let field = lines.count
        lines += prompt.folder.wrappedRows(width: width).map { _ in StyledLine.blank }
        if let error = prompt.error {
            lines += StyledLine.wrapped("! " + error, width: width, role: .error)
        } else {
            lines += StyledLine.wrapped("Enter exports, Esc cancels, Ctrl-U clears the folder.", width: width, role: .dim)
        }
        if prompt.thenLeave { lines += StyledLine.wrapped("After the export, you leave the study.", width: width, role: .warning) }
        return (lines, field, field)
    }

    /// Purpose, consent text, contact and enrollment facts.
    func detailLines(width: Int, timeZone: TimeZone) -> [StyledLine] {
        let def = session.definition, member = session.membership
        var lines = StyledLine.wrapped(def.title, width: width, role: .title)
        lines += StyledLine.wrapped("Version \(def.version) · study \(def.identifier)", width: width, role: .dim)
        lines += [.blank] + StyledLine.wrapped(def.purpose, width: width) + [.blank]
        lines += [StyledLine("Consent (version \(def.consent.version))", role: .accent)]
        lines += MarkdownLayout.lines(def.consent.text, width: width) + [.blank]
        if !def.notices.isEmpty {
            lines += [StyledLine("You acknowledged", role: .accent)]
            lines += def.notices.flatMap { StyledLine.wrapped("• " + $0.text, width: width) } + [.blank]
        }
        lines += [StyledLine("Contact", role: .accent)]
        lines += def.contact.lines.isEmpty ? [StyledLine("No contact details given.", role: .dim)] : def.contact.lines.flatMap { StyledLine.wrapped($0, width: width) }
        lines += [.blank] + StyledLine.wrapped("Enrolled \(DateText(timeZone: timeZone).dayAndTime(member.enrolledAt))", width: width, role: .dim)
        if let id = member.participantID { lines += StyledLine.wrapped("Participant \(id)", width: width, role: .dim) }
        lines += StyledLine.wrapped("Study address: \(member.address ?? "built-in demo")", width: width, role: .dim)
        return lines
    }

    /// The leave question's text, with the results not yet sent.
    var leaveQuestion: String {
        var text = "Leave \(session.definition.title)? Your answers stay on this computer and your leaving is recorded."
        if unsentResults > 0 {
            text += " \(ResultCounts.results(unsentResults)) \(unsentResults == 1 ? "has" : "have") not been sent to the study team yet; "
                + "you can export \(unsentResults == 1 ? "it" : "them") first."
        }
        return text
    }

    /// The leave question.
    private func leaveLines(width: Int) -> [StyledLine] {
        var lines = StyledLine.wrapped(leaveQuestion, width: width, role: .warning) + [.blank]
        for choice in LeaveChoice.allCases {
            let focused = leaving == choice
            for (i, text) in TextWidth.wrap(choice.label, width: max(1, width - 2)).enumerated() {
                lines.append(StyledLine((i == 0 && focused ? "› " : "  ") + text, role: focused ? .focused : .normal))
            }
        }
        return lines
    }
}
