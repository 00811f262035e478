/// The parameters of a Stroop step, with ResearchKit's limits (`stroopTask`): how many words,
/// how long each may wait for a key, and the blank between them.
public struct StroopParameters: Sendable, Equatable {
    /// Words shown (ResearchKit's `numberOfAttempts`, at least 10).
    public var numberOfAttempts = 10
    /// Seconds a word waits for a key before the trial is a timeout.
    public var timeout = 5.0
    /// Seconds of blank screen before each word.
    public var interStimulusInterval = 0.75
    /// Words in the practice round (0: none).
    public var practiceAttempts = 3
    /// How the ink is shown: `auto` (colour when the terminal has it), `colour` or `position`.
    public var colourMode = ColourMode.auto

    /// How the ink colour reaches the participant.
    public enum ColourMode: String, Sendable, Equatable, CaseIterable {
        /// Colour when the terminal shows it, else position.
        case auto
        /// Always in colour.
        case colour
        /// Always position-coded: the word stands under its ink's column.
        case position
    }

    /// The defaults.
    public init() {}

    /// What is wrong with these parameters; nil when they are valid.
    public var problem: String? {
        if numberOfAttempts < 10 { return "numberOfAttempts must be at least 10 (as ResearchKit's Stroop task)" }
        if !(0.5...60).contains(timeout) { return "timeout must be between 0.5 and 60 seconds" }
        if !(0.1...10).contains(interStimulusInterval) { return "interStimulusInterval must be between 0.1 and 10 seconds" }
        if !(0...20).contains(practiceAttempts) { return "practiceAttempts must be between 0 and 20" }
        return nil
    }

    /// The instructions about the keys.
    public var keyInstructions: String {
        "A colour word appears, written in a colour. Press the key of the colour it is written in, not the one it names: "
            + "R red, G green, B blue, Y yellow. Answer as fast as you can without mistakes (\(numberOfAttempts) words)."
    }

    /// The practice round's parameters: as these, with the practice's number of words.
    public var practice: StroopParameters {
        var p = self
        p.numberOfAttempts = practiceAttempts
        return p
    }
}
