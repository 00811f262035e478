/// The Tower of Hanoi: disks on three towers, moved one at a time, never a larger one on a smaller
/// one; solved when all are on the last tower. Moves are recorded as ResearchKit records them.
public struct TowerOfHanoi: Sendable, Equatable, Codable {
    /// One move made.
    public struct Move: Sendable, Equatable, Codable {
        /// The tower the disk left (0, 1 or 2).
        public var donorTowerIndex: Int
        /// The tower it went to.
        public var recipientTowerIndex: Int
        /// Milliseconds from the step's start.
        public var timeMs: Double
    }

    /// Why a move is refused.
    public enum Refusal: Error, Sendable, Equatable {
        /// No such tower.
        case noSuchTower(Int)
        /// The donor tower holds no disk.
        case emptyTower(Int)
        /// The disk is larger than the one it would sit on.
        case largerOnSmaller
        /// The same tower twice.
        case sameTower
    }

    /// The disks on each tower, bottom first; a disk is its size (1 is the smallest).
    public private(set) var towers: [[Int]]
    /// The moves made.
    public private(set) var moves: [Move] = []
    /// The number of disks.
    public let disks: Int

    /// A puzzle of `disks` disks (ResearchKit's default is 3), all on the first tower.
    public init(disks: Int = 3) {
        self.disks = max(1, disks)
        towers = [Array((1...self.disks).reversed()), [], []]
    }

    /// The fewest moves that solve it: 2ⁿ − 1.
    public var minimumMoves: Int { (1 << disks) - 1 }

    /// Whether every disk is on the last tower.
    public var isSolved: Bool { towers[2].count == disks }

    /// Moves the top disk of `from` to `to` at `time` (from the step's start).
    public mutating func move(from: Int, to: Int, at time: Duration) throws(Refusal) {
        guard towers.indices.contains(from) else { throw .noSuchTower(from) }
        guard towers.indices.contains(to) else { throw .noSuchTower(to) }
        guard from != to else { throw .sameTower }
        guard let disk = towers[from].last else { throw .emptyTower(from) }
        if let top = towers[to].last, top < disk { throw .largerOnSmaller }
        towers[from].removeLast()
        towers[to].append(disk)
        moves.append(Move(donorTowerIndex: from, recipientTowerIndex: to, timeMs: time.milliseconds))
    }
}
