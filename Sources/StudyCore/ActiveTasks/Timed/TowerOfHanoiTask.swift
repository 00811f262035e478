/// The Tower of Hanoi as it runs: a number key (1, 2, 3) picks the tower to take the top disk
/// from, a second one the tower to put it on; the same key again puts it back. A move the rules
/// refuse rings the bell and is counted. It ends when solved, when the participant gives up (G),
/// or at the time limit.
public struct TowerOfHanoiTask: TimedTaskLogic {
    /// How the puzzle ended.
    public enum Ending: String, Sendable, Equatable {
        /// Every disk is on the third tower.
        case solved
        /// The participant gave up.
        case gaveUp
        /// The time limit passed.
        case timeLimit
    }

    /// The parameters (the practice puzzle's, in practice).
    public let parameters: TowerOfHanoiParameters
    /// Whether this is the practice puzzle.
    public let practice: Bool
    /// The towers and the moves made.
    public private(set) var puzzle: TowerOfHanoi
    /// The tower picked to take a disk from, if one is.
    public private(set) var picked: Int?
    /// Moves the rules refused.
    public private(set) var illegalMoves = 0
    /// The last refused move's reason (for the screen).
    public private(set) var lastRefusal: TowerOfHanoi.Refusal?
    /// When the puzzle reached the terminal.
    public private(set) var onset: Duration?
    /// How and when it ended.
    public struct Ended: Sendable, Equatable {
        /// Why.
        public var reason: Ending
        /// When.
        public var time: Duration
    }

    /// How and when it ended, once it has.
    public private(set) var ending: Ended?
    private var started = false
    private var origin: Duration = .zero

    /// A puzzle of `numberOfDisks` disks (the practice's when `practice`).
    public init(parameters: TowerOfHanoiParameters, practice: Bool) {
        self.parameters = practice ? parameters.practice : parameters
        self.practice = practice
        puzzle = TowerOfHanoi(disks: self.parameters.numberOfDisks)
    }

    /// Whether the puzzle has ended.
    public var isFinished: Bool { ending != nil }

    /// Shows the puzzle.
    public mutating func begin(at time: Duration) -> TimedEffect {
        guard !started else { return .none }
        started = true
        origin = time
        return .showStimulus
    }

    /// The puzzle reached the terminal: the time (and any limit) starts.
    public mutating func framePresented(at time: Duration) -> TimedEffect {
        guard onset == nil else { return .none }
        onset = time
        guard let limit else { return .none }
        return .wake(at: limit)
    }

    /// 1, 2 or 3 pick a tower or move to it; G gives up.
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedEffect {
        guard started, !isFinished else { return .none }
        if key.lowercased() == "g" { return end(.gaveUp, at: time) }
        guard let n = Int(key), (1...3).contains(n) else { return TimedEffect(bell: true) }
        let tower = n - 1
        lastRefusal = nil
        guard let from = picked else {
            guard !puzzle.towers[tower].isEmpty else {
                lastRefusal = .emptyTower(tower)
                illegalMoves += 1
                return TimedEffect(bell: true)
            }
            picked = tower
            return .none
        }
        picked = nil
        if from == tower { return .none }
        do {
            try puzzle.move(from: from, to: tower, at: time - origin)
        } catch {
            lastRefusal = error
            illegalMoves += 1
            return TimedEffect(bell: true)
        }
        return puzzle.isSolved ? end(.solved, at: time) : .none
    }

    /// Ends the puzzle at its time limit.
    public mutating func timerFired(at time: Duration) -> TimedEffect {
        guard !isFinished, let limit else { return .none }
        return time >= limit ? end(.timeLimit, at: time) : .wake(at: limit)
    }

    /// After a pause the puzzle goes on as it was (a picked tower is put down); the limit, if
    /// any, still counts from the puzzle's onset, and the pause counts in the time.
    public mutating func resumed(at time: Duration) -> TimedEffect {
        picked = nil
        guard !isFinished, let limit else { return .none }
        return .wake(at: limit)
    }

    /// When the time limit falls, if there is one and the puzzle is up.
    var limit: Duration? {
        guard parameters.timeLimit > 0, let onset else { return nil }
        return onset + .milliseconds(Int64((parameters.timeLimit * 1000).rounded()))
    }

    private mutating func end(_ reason: Ending, at time: Duration) -> TimedEffect {
        ending = Ended(reason: reason, time: time)
        picked = nil
        return TimedEffect(wake: .cancel)
    }
}
