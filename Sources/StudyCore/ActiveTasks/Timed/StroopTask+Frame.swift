/// What the Stroop task shows: the word in its ink (or, without colour, under its ink's column),
/// the keys, and in practice whether the last answer was right.
extension StroopTask {
    /// Width of one column of the position-coded layout.
    static let column = 9

    /// The frame now.
    public var frame: StimulusFrame {
        var lines: [StimulusLine] = []
        if positionCoded { lines.append(Self.padded(StroopStimulus.Colour.allCases.map(\.rawValue), ink: .dim)) }
        if let word = currentStimulus {
            if positionCoded {
                let at = StroopStimulus.Colour.allCases.firstIndex(of: word.ink)!
                let cells = StroopStimulus.Colour.allCases.indices.map { $0 == at ? word.word.word : "" }
                lines.append(Self.padded(cells, ink: .strong))
            } else {
                lines.append(StimulusLine(word.word.word, ink: .colour(word.ink)))
            }
        } else {
            lines.append(positionCoded ? Self.padded(["", "", "", ""], ink: .plain) : StimulusLine(feedback ?? "+", ink: .dim))
        }
        if positionCoded {
            lines.append(Self.padded(StroopStimulus.Colour.allCases.map(\.key), ink: .dim))
            lines.append(StimulusLine(" "))
            lines.append(StimulusLine(feedback ?? "Press the key under the word's column.", ink: .dim))
        } else {
            lines.append(StimulusLine(" "))
            lines.append(StimulusLine("r red  g green  b blue  y yellow", ink: .dim))
        }
        return StimulusFrame(lines: lines, status: status)
    }

    /// "Practice · word 2 of 3".
    var status: String {
        let word = "Word \(min(trials.count + 1, stimuli.count)) of \(stimuli.count)"
        return practice ? "Practice · " + word.lowercased() : word
    }

    /// In practice, between words: how the last answer went.
    var feedback: String? {
        guard practice, currentStimulus == nil, let last = trials.last else { return nil }
        let ink = stimuli[last.index - 1].ink.rawValue
        switch last.outcome {
        case .anticipation: return "Too soon."
        case .timeout: return "Too slow: the ink was \(ink)."
        case .response: return last.correct == true ? "Right." : "Not quite: the ink was \(ink)."
        }
    }

    /// `cells` centred in columns of equal width, so the lines line up when centred as a block.
    static func padded(_ cells: [String], ink: StimulusInk) -> StimulusLine {
        let text = cells.map { cell -> String in
            let left = (column - cell.count) / 2
            return String(repeating: " ", count: left) + cell + String(repeating: " ", count: column - cell.count - left)
        }.joined()
        return StimulusLine(text, ink: ink)
    }
}
