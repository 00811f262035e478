/// What the Tower of Hanoi shows: one line per tower, its disks from the bottom as their sizes
/// (`[3] [2] [1]`), the picked tower marked and its top disk reversed; then the moves against
/// the fewest possible, or why a move was refused; then the keys.
extension TowerOfHanoiTask {
    /// The frame now.
    public var frame: StimulusFrame {
        let width = 4 * puzzle.disks
        var lines: [StimulusLine] = puzzle.towers.enumerated().map { index, disks in
            var runs = [StimulusRun(picked == index ? "▶ \(index + 1) ┃ " : "  \(index + 1) ┃ ", ink: picked == index ? .strong : .plain)]
            for (at, disk) in disks.enumerated() {
                let top = at == disks.count - 1 && picked == index
                runs.append(StimulusRun("[\(disk)]", ink: top ? .highlight : .strong))
                runs.append(StimulusRun(" "))
            }
            let used = disks.count * 4
            if used < width { runs.append(StimulusRun(String(repeating: " ", count: width - used))) }
            return StimulusLine(runs: runs)
        }
        lines.append(StimulusLine(" "))
        if let refusal = lastRefusal {
            lines.append(StimulusLine(Self.reason(refusal), ink: .strong))
        } else {
            lines.append(StimulusLine("Moves: \(puzzle.moves.count) · fewest possible: \(puzzle.minimumMoves)", ink: .dim))
        }
        lines.append(StimulusLine(picked == nil ? "1 2 3: take from a tower · G: give up" : "1 2 3: put it on a tower", ink: .dim))
        return StimulusFrame(lines: lines, status: status)
    }

    /// "Practice · 2 disks to tower 3" or "Move all 3 disks to tower 3".
    var status: String {
        practice ? "Practice · \(puzzle.disks) disks to tower 3" : "Move all \(puzzle.disks) disks to tower 3"
    }

    /// Why a move was refused, in words.
    static func reason(_ refusal: TowerOfHanoi.Refusal) -> String {
        switch refusal {
        case .emptyTower(let t): "Tower \(t + 1) has no disk."
        case .largerOnSmaller: "A disk cannot go on a smaller one."
        case .noSuchTower(let t): "There is no tower \(t + 1)."
        case .sameTower: "That is the same tower."
        }
    }
}
