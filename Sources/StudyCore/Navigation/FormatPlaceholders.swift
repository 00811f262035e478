import Foundation

/// Fills the format placeholders (`%@`, `%1$@`, `%d`) that SageResearch apps filled in code, so
/// that a participant never reads them raw. Inside a section named by one plain word (MotorControl
/// loads its tremor section as "left" and "right") the placeholder is that word ("Hold the phone
/// in your left hand"); elsewhere it is dropped.
public struct FormatPlaceholders: Sendable {
    /// What a placeholder becomes (nil: dropped).
    public let word: String?

    /// Placeholders filled with the innermost section's identifier when it is one plain word.
    public init(sectionIdentifier: String?) {
        if let id = sectionIdentifier, !id.isEmpty, id.allSatisfy({ $0.isLetter }) { word = id } else { word = nil }
    }

    /// `text` with its placeholders filled or dropped (and the spaces around a dropped one tidied).
    public func fill(_ text: String) -> String {
        guard text.contains("%") else { return text }
        let marker = "\u{E000}"
        var out = text.replacingOccurrences(of: #"%(\d+\$)?[@dDiuf]"#, with: word ?? marker, options: .regularExpression)
        guard word == nil else { return out }
        for form in [" " + marker + " ", " " + marker, marker + " ", marker] { out = out.replacingOccurrences(of: form, with: " ") }
        out = out.replacingOccurrences(of: #" ([.,;:!?])"#, with: "$1", options: .regularExpression)
        out = out.replacingOccurrences(of: #"[,;:]([.!?])"#, with: "$1", options: .regularExpression)   // "done, ." → "done."
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// `step` with its texts and spoken instructions filled.
    public func fill(_ step: StepDefinition) -> StepDefinition {
        var s = step
        s.title = s.title.map(fill)
        s.text = s.text.map(fill)
        s.detail = s.detail.map(fill)
        s.footnote = s.footnote.map(fill)
        if case .active(var a) = s.kind {
            a.spokenInstructions = a.spokenInstructions.map { SpokenInstruction(time: $0.time, text: fill($0.text)) }
            s.kind = .active(a)
        }
        return s
    }
}

extension TaskRun {
    /// The current step as it is shown: its texts with format placeholders filled (see
    /// ``FormatPlaceholders``).
    public var presentedStep: StepDefinition? {
        currentStep.map { withShownResult(FormatPlaceholders(sectionIdentifier: currentSectionPath.last?.rawValue).fill($0)) }
    }

    /// `step` with the result its text introduces written after the text ("Your heart rate is 72
    /// BPM"); without that result (a measurement a terminal cannot take) the text is left out
    /// rather than shown ending on nothing.
    func withShownResult(_ step: StepDefinition) -> StepDefinition {
        guard let shown = step.shownResult, let text = step.text else { return step }
        var s = step
        if let value = answerSnapshot[shown.identifier], value != .null {
            s.text = [text, value.displayText, shown.unit].compactMap { $0 }.joined(separator: " ")
        } else {
            s.text = nil
        }
        return s
    }
}
