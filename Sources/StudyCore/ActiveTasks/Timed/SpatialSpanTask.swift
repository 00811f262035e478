/// Spatial span memory as it runs: the grid lights a sequence one cell at a time, then the
/// participant repeats it (arrows and Enter, or the cells' letters); a wrong cell ends that
/// sequence as a failure. The span grows after a success and shrinks after a failure
/// (``SpatialSpanProgress``); after each sequence the grid says how it went for a moment.
public struct SpatialSpanTask: TimedTaskLogic {
    /// Where a sequence stands.
    public enum Phase: Sendable, Equatable {
        /// Not begun.
        case waiting
        /// Cell `step` of the sequence is lit until `until`.
        case showing(step: Int, until: Duration)
        /// The participant repeats the sequence.
        case answering
        /// The sequence is over (`success` or not); the next starts at `until`.
        case feedback(success: Bool, until: Duration)
        /// Every sequence is done.
        case over
    }

    /// One cell chosen while repeating.
    public struct Entry: Sendable, Equatable {
        /// The cell.
        public var cell: Int
        /// When it was chosen.
        public var time: Duration
        /// Whether it was the right one.
        public var correct: Bool
    }

    /// One sequence played, as the result records it.
    public struct Game: Sendable, Equatable {
        /// The cells lit, in order.
        public var sequence: [Int]
        /// When the grid said "your turn" (its frame reached the terminal).
        public var answerOnset: Duration?
        /// The cells chosen.
        public var entries: [Entry] = []
        /// Whether it was repeated right (nil while it runs).
        public var success: Bool?
    }

    /// The parameters (the practice round's, in practice).
    public let parameters: SpatialSpanParameters
    /// Whether this is the practice round.
    public let practice: Bool
    /// The span rules' state.
    public private(set) var progress: SpatialSpanProgress
    /// The sequences so far; the last is the current one.
    public private(set) var games: [Game] = []
    /// Where the current sequence stands.
    public private(set) var phase = Phase.waiting
    /// The cell the arrow keys are on.
    public private(set) var cursor = 0
    private var generator: SeededGenerator
    private var origin: Duration = .zero

    /// A round of `parameters` (its practice when `practice`), sequences drawn from `seed`.
    public init(parameters: SpatialSpanParameters, practice: Bool, seed: UInt64) {
        self.parameters = practice ? parameters.practice : parameters
        self.practice = practice
        progress = SpatialSpanProgress(rules: self.parameters.rules)
        generator = SeededGenerator(seed: seed)
    }

    /// Whether every sequence is done.
    public var isFinished: Bool { phase == .over }

    /// The cell lit now, if one is.
    public var litCell: Int? {
        guard case .showing(let step, _) = phase, let game = games.last else { return nil }
        return game.sequence[step]
    }

    /// The cells chosen so far in the current sequence.
    public var chosen: [Int] { phase == .answering ? games.last?.entries.map(\.cell) ?? [] : [] }

    /// The sequence the participant must enter (reversed when the rules ask for it).
    var expected: [Int] {
        guard let game = games.last else { return [] }
        return parameters.rules.requireReversal ? game.sequence.reversed() : game.sequence
    }

    /// Starts the first sequence.
    public mutating func begin(at time: Duration) -> TimedEffect {
        guard phase == .waiting else { return .none }
        origin = time
        return startGame(at: time)
    }

    /// The "your turn" frame reached the terminal: the answer's times count from here.
    public mutating func framePresented(at time: Duration) -> TimedEffect {
        guard phase == .answering, games[games.count - 1].answerOnset == nil else { return .none }
        games[games.count - 1].answerOnset = time
        return .none
    }

    /// Arrows move the cursor; Enter or Space choose its cell; a cell's letter chooses that cell.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard phase == .answering else { return .none }
        let columns = parameters.columns, cells = parameters.cells
        switch key {
        case "left": cursor = cursor % columns == 0 ? cursor : cursor - 1
        case "right": cursor = cursor % columns == columns - 1 ? cursor : cursor + 1
        case "up": cursor = cursor >= columns ? cursor - columns : cursor
        case "down": cursor = cursor + columns < cells ? cursor + columns : cursor
        case "enter", " ": return choose(cursor, at: time)
        default:
            guard let cell = (0..<cells).first(where: { SpatialSpanParameters.label($0) == key.lowercased() }) else {
                return TimedEffect(bell: true)
            }
            cursor = cell
            return choose(cell, at: time)
        }
        return .none
    }

    /// Lights the next cell, opens the answer, or starts the next sequence, as each falls due.
    public mutating func timerFired(at time: Duration) -> TimedEffect {
        switch phase {
        case .showing(let step, let until):
            guard time >= until else { return .wake(at: until) }
            guard step + 1 < games[games.count - 1].sequence.count else {
                phase = .answering
                cursor = 0
                return .showStimulus
            }
            let next = until + playSpeed
            phase = .showing(step: step + 1, until: next)
            return .wake(at: next)
        case .feedback(_, let until):
            guard time >= until else { return .wake(at: until) }
            return progress.isOver ? end() : startGame(at: time)
        case .waiting, .answering, .over:
            return .none
        }
    }

    private mutating func choose(_ cell: Int, at time: Duration) -> TimedEffect {
        let at = games[games.count - 1].entries.count
        let right = at < expected.count && expected[at] == cell
        games[games.count - 1].entries.append(Entry(cell: cell, time: time, correct: right))
        guard !right || at + 1 == expected.count else { return .none }
        games[games.count - 1].success = right
        progress.record(success: right)
        phase = .feedback(success: right, until: time + .seconds(1))
        return TimedEffect(wake: .at(time + .seconds(1)), bell: !right)
    }

    private mutating func startGame(at time: Duration) -> TimedEffect {
        let sequence = SpatialSpanProgress.sequence(span: progress.span, cells: parameters.cells, using: &generator)
        games.append(Game(sequence: sequence))
        return play(from: time)
    }

    /// Lights the current sequence's first cell from `time`.
    private mutating func play(from time: Duration) -> TimedEffect {
        let until = time + playSpeed
        phase = .showing(step: 0, until: until)
        return .wake(at: until)
    }

    /// After a pause the sequence under way is played again from its start, its entries void.
    public mutating func resumed(at time: Duration) -> TimedEffect {
        switch phase {
        case .waiting, .over: return .none
        case .feedback: return .wake(at: time)
        case .showing, .answering:
            games[games.count - 1].entries = []
            games[games.count - 1].answerOnset = nil
            return play(from: time)
        }
    }

    private mutating func end() -> TimedEffect {
        phase = .over
        return TimedEffect(wake: .cancel)
    }

    /// How long each cell stays lit.
    var playSpeed: Duration { .milliseconds(Int64((parameters.rules.playSpeed * 1000).rounded())) }

    /// Milliseconds from the task's start.
    func ms(_ time: Duration?) -> Double? { time.map { ($0 - origin).milliseconds } }
}
