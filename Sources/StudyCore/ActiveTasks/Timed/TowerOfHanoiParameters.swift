/// The parameters of a Tower of Hanoi step (ResearchKit's `towerOfHanoiTask`): the disks, and
/// what a study may add: a time limit and a practice puzzle.
public struct TowerOfHanoiParameters: Sendable, Equatable {
    /// Disks on the first tower (ResearchKit's default 3; 1 to 8).
    public var numberOfDisks = 3
    /// Seconds before an unsolved puzzle ends (0: no limit, as ResearchKit).
    public var timeLimit = 0.0
    /// Disks of the practice puzzle (0: none).
    public var practiceDisks = 2

    /// The defaults.
    public init() {}

    /// What is wrong with these parameters; nil when they are valid.
    public var problem: String? {
        if !(1...8).contains(numberOfDisks) { return "numberOfDisks must be between 1 and 8" }
        if timeLimit < 0 || timeLimit > 3600 { return "timeLimit must be between 0 (none) and 3600 seconds" }
        if !(0...4).contains(practiceDisks) { return "practiceDisks must be between 0 and 4" }
        return nil
    }

    /// The instructions about the keys.
    public var keyInstructions: String {
        "Move all the disks from tower 1 to tower 3, one at a time, never a larger disk on a smaller one. "
            + "Press the number of the tower to take the top disk from, then of the tower to put it on. G gives up."
    }

    /// The practice puzzle's parameters.
    public var practice: TowerOfHanoiParameters {
        var p = self
        p.numberOfDisks = max(1, practiceDisks)
        return p
    }
}
