/// One Stroop stimulus: a colour word drawn in an ink colour; the right key is the ink's letter.
public struct StroopStimulus: Sendable, Equatable, Codable {
    /// The four colours of ResearchKit's Stroop task, and their keys.
    public enum Colour: String, Sendable, Equatable, Codable, CaseIterable {
        case red, green, blue, yellow

        /// The word shown.
        public var word: String { rawValue.uppercased() }
        /// The key that names this ink.
        public var key: String { String(rawValue.prefix(1)) }
    }

    /// The word's meaning.
    public var word: Colour
    /// The colour it is drawn in.
    public var ink: Colour

    /// Whether word and ink agree.
    public var isCongruent: Bool { word == ink }

    /// How the trial log names it: "RED in blue".
    public var description: String { "\(word.word) in \(ink.rawValue)" }

    /// `count` stimuli with word and ink drawn independently, from `generator`.
    public static func series(count: Int, using generator: inout SeededGenerator) -> [StroopStimulus] {
        (0..<max(0, count)).map { _ in
            StroopStimulus(word: Colour.allCases.randomElement(using: &generator)!,
                           ink: Colour.allCases.randomElement(using: &generator)!)
        }
    }
}
