/// What the PASAT shows: the digit while it is up, what is typed, and in practice whether the
/// answer was right. The lines keep their places so that nothing moves when a digit goes.
extension PASATTask {
    /// The frame now.
    public var frame: StimulusFrame {
        let digit = visibleDigit.map { StimulusLine(String($0), ink: .strong) } ?? StimulusLine(" ")
        return StimulusFrame(lines: [digit, StimulusLine(" "), answerLine, StimulusLine(" "),
                                     StimulusLine(current == 0 ? "Remember this digit." : "Type the sum of the last two digits.", ink: .dim)],
                             status: status)
    }

    /// "Practice · digit 2 of 5".
    var status: String {
        let digit = "Digit \((current ?? 0) + 1) of \(digits.count)"
        return practice ? "Practice · " + digit.lowercased() : digit
    }

    /// What is typed, or the answer given (judged in practice).
    var answerLine: StimulusLine {
        guard let i = current, i > 0 else { return StimulusLine(" ") }
        guard let answer = answers[i] else { return StimulusLine("Sum: " + typed + "_") }
        guard practice else { return StimulusLine("Sum: \(answer.value)", ink: .dim) }
        let expected = digits[i - 1] + digits[i]
        return answer.value == expected && !answer.early
            ? StimulusLine("Sum: \(answer.value)  Right.")
            : StimulusLine("Sum: \(answer.value)  Not quite: \(digits[i - 1]) + \(digits[i]) = \(expected).", ink: .strong)
    }
}
