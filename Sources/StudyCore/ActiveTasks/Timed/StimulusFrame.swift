/// What a timed task shows on its stage: lines centred in the body of the screen, each made of
/// runs of text with an ink, and a status line above them ("Practice · trial 2 of 3"). Grids,
/// towers and coloured words are all lines of runs; the terminal draws them, the task never does.
public struct StimulusFrame: Sendable, Equatable {
    /// The lines, top to bottom, centred as a block.
    public var lines: [StimulusLine]
    /// The line above the stage; nil for none.
    public var status: String?

    /// A frame of `lines`.
    public init(lines: [StimulusLine] = [], status: String? = nil) {
        self.lines = lines
        self.status = status
    }

    /// A frame of plain lines of text, each in `ink`.
    public init(text: [String], ink: StimulusInk = .plain, status: String? = nil) {
        self.init(lines: text.map { StimulusLine($0, ink: ink) }, status: status)
    }
}

/// One line of a stimulus frame.
public struct StimulusLine: Sendable, Equatable {
    /// The runs, left to right.
    public var runs: [StimulusRun]

    /// A line of runs.
    public init(runs: [StimulusRun]) { self.runs = runs }

    /// A line of one run.
    public init(_ text: String, ink: StimulusInk = .plain) { runs = [StimulusRun(text, ink: ink)] }

    /// The text of the line.
    public var text: String { runs.map(\.text).joined() }
}

/// A piece of text with one ink.
public struct StimulusRun: Sendable, Equatable {
    /// The text (sanitized by the terminal side before it is drawn).
    public var text: String
    /// How it is drawn.
    public var ink: StimulusInk

    /// A run.
    public init(_ text: String, ink: StimulusInk = .plain) {
        self.text = text
        self.ink = ink
    }
}

/// How a run is drawn.
public enum StimulusInk: Sendable, Equatable {
    /// Normal text.
    case plain
    /// Faint (instructions under the stage, a cell not lit).
    case dim
    /// Bold (the stimulus).
    case strong
    /// Reversed (a lit cell, the cursor on a grid).
    case highlight
    /// A colour (Stroop ink); a terminal without colour draws it bold.
    case colour(StroopStimulus.Colour)
}
