/// What the Tower of Hanoi reports, as ResearchKit's `ORKTowerOfHanoiResult`: whether it was
/// solved and every move, plus the minimum number of moves, the refused moves and the time.
extension TowerOfHanoiTask {
    /// Solved, moves, the minimum, moves over the minimum, refused moves, time.
    public var summary: [MeasurementResult.Value] {
        let time = ending.flatMap { e in onset.map { (e.time - $0).milliseconds } }
        return [
            MeasurementResult.Value(identifier: "puzzleWasSolved", value: .bool(puzzle.isSolved)),
            ActiveTaskValues.count("disks", puzzle.disks), ActiveTaskValues.count("moves", puzzle.moves.count),
            ActiveTaskValues.count("minimumMoves", puzzle.minimumMoves),
            ActiveTaskValues.count("excessMoves", max(0, puzzle.moves.count - puzzle.minimumMoves)),
            ActiveTaskValues.count("illegalMoves", illegalMoves), ActiveTaskValues.millis("timeMs", time),
            MeasurementResult.Value(identifier: "ending", value: ending.map { .string($0.reason.rawValue) } ?? .null),
        ]
    }

    /// One record per move: its number, the towers (1 to 3) and its time.
    public var trialRecords: [JSONValue] {
        puzzle.moves.enumerated().map { i, move in
            .object(["index": .int(i + 1), "donorTower": .int(move.donorTowerIndex + 1),
                     "recipientTower": .int(move.recipientTowerIndex + 1), "timeMs": ActiveTaskValues.ms(move.timeMs)])
        }
    }

    /// How it was measured.
    public var note: String? {
        "Tower of Hanoi with \(puzzle.disks) disks, moves by number keys (the tower to take from, then the tower to put on); times in ms from the step's start when the program read the key; the time runs from the puzzle's onset (its frame's terminal write returned)."
    }
}
