import Foundation
import StudyCore
import TUIKit

extension SettingsScreen {
    /// The panel under the menu: the leave question, a report, or the study details.
    func panelLines(width: Int, timeZone: TimeZone) -> [StyledLine] {
        if leaving != nil { return leaveLines(width: width) }
        if let report { return report.flatMap { StyledLine.wrapped($0, width: width) } }
        if let busy { return [StyledLine(busy, role: .dim)] }
        switch selection {
        case .details: return detailLines(width: width, timeZone: timeZone)
        case .reload: return StyledLine.wrapped("Fetch the study definition again. If its version changed you see what changed; your answers and unfinished tasks are kept.", width: width, role: .dim)
        case .export: return StyledLine.wrapped("Write every result of this study to files: task results (JSON), one row per answer (CSV) and FHIR resources (NDJSON).", width: width, role: .dim)
        case .leave: return StyledLine.wrapped("Stop taking part. You are asked to confirm first; your data stays on this computer.", width: width, role: .dim)
        case .back: return []
        }
    }

    /// Purpose, consent text, contact and enrollment facts.
    private func detailLines(width: Int, timeZone: TimeZone) -> [StyledLine] {
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
        lines += [.blank, StyledLine("Enrolled \(DateText(timeZone: timeZone).dayAndTime(member.enrolledAt))", role: .dim)]
        if let id = member.participantID { lines.append(StyledLine("Participant \(id)", role: .dim)) }
        lines.append(StyledLine("Study address: \(member.address ?? "built-in demo")", role: .dim))
        return lines
    }

    /// The leave question.
    private func leaveLines(width: Int) -> [StyledLine] {
        var text = "Leave \(session.definition.title)? Your answers stay on this computer and your leaving is recorded."
        if unsentResults > 0 {
            text += " \(ResultCounts.results(unsentResults)) \(unsentResults == 1 ? "has" : "have") not been sent to the study team yet; "
                + "you can export \(unsentResults == 1 ? "it" : "them") first."
        }
        var lines = StyledLine.wrapped(text, width: width, role: .warning) + [.blank]
        for choice in LeaveChoice.allCases {
            let focused = leaving == choice
            lines.append(StyledLine((focused ? "› " : "  ") + choice.label, role: focused ? .focused : .normal))
        }
        return lines
    }

    /// Draws the menu and the panel; the cursor sits on the highlighted entry or answer.
    func render(into canvas: inout Canvas, timeZone: TimeZone) -> CursorPosition? {
        let width = canvas.width
        for item in Item.allCases {
            let focused = item == selection && leaving == nil
            canvas.put((focused ? "› " : "  ") + item.label, at: Point(x: 0, y: item.rawValue), role: focused ? .focused : .normal, maxWidth: width)
        }
        let top = Item.allCases.count + 1
        canvas.horizontalRule(at: Point(x: 0, y: top - 1), width: width)
        let lines = panelLines(width: width - 2, timeZone: timeZone)
        let height = max(1, canvas.height - top)
        ScrollState.draw(lines, offset: scroll.offset, into: &canvas, top: top, height: height)
        if leaving != nil, let row = lines.firstIndex(where: { $0.text.hasPrefix("› ") }) {
            return canvas.absolute(Point(x: 0, y: top + row))
        }
        return canvas.absolute(Point(x: 0, y: selection.rawValue))
    }

    /// The panel's height in a body of `size`.
    static func panelHeight(in size: Size) -> Int { max(1, size.height - Item.allCases.count - 1) }
}
