import Foundation

/// The answers a run's conditions read (``TaskRun/answerSnapshot``), kept up to date as the run
/// changes instead of collected from the whole result at every look: a step adds or replaces the
/// last entry of a level's history and appends to its path, so only those are read again, and a
/// long Questionnaire with enableWhen runs in linear time. A path cut short (going back), or a
/// level left or entered, re-reads only that level. Every change is logged with a process-wide
/// increasing number, so a consumer that remembers the last change it saw (the FHIR engine) can
/// apply only the keys changed since, on this run or any copy of it.
///
/// When two steps give the same key (a field identifier used twice), the order of the result
/// decides which wins; the index then steps aside and the snapshot is collected in full, exactly as
/// before.
struct AnswerIndex: Sendable {
    private struct Level: Sendable {
        var sectionPath: [StepID]
        var pathCount = 0
        var historyCount = 0
        /// Step ids on the path.
        var seen = Set<String>()
        /// The last history entry of each step id.
        var latest: [String: Int] = [:]
        /// The keys each step id put into the values.
        var contributed: [String: [String]] = [:]
    }

    private var levels: [Level] = []
    /// The answers by key, all levels together.
    private(set) var values: [String: JSONValue] = [:]
    /// Which level and step gave each key.
    private var owners: [String: String] = [:]
    /// Two steps gave the same key: collect in full from now on.
    private(set) var collided = false
    /// The changed keys, each with its change number (increasing).
    private(set) var log = AnswerChanges()

    /// The value each key had before the update in progress, for the keys it touched: only keys
    /// whose value ends up different are logged (a section that ends hands its answers from its own
    /// level to its parent's history without changing any).
    private var before: [String: JSONValue?] = [:]

    /// Brings the index up to date with `runLevels` (call after every change of the run's levels).
    mutating func update(_ runLevels: [TaskRun.Level]) {
        guard !collided else { return }
        defer {
            for (key, old) in before where values[key] != old { log.note(key) }
            before.removeAll(keepingCapacity: true)
        }
        var keep = 0
        while keep < min(levels.count, runLevels.count), levels[keep].sectionPath == runLevels[keep].sectionPath,
              runLevels[keep].result.path.count >= levels[keep].pathCount,
              runLevels[keep].result.stepHistory.count >= levels[keep].historyCount {
            keep += 1
        }
        while levels.count > keep { drop(level: levels.count - 1) }
        for (i, level) in runLevels.enumerated() {
            if i >= levels.count { levels.append(Level(sectionPath: level.sectionPath)) }
            read(level: i, level.result, deepest: i == runLevels.count - 1)
            if collided { return }
        }
    }

    /// Removes a level and what it gave.
    private mutating func drop(level i: Int) {
        for (_, keys) in levels[i].contributed { for key in keys { remove(key) } }
        levels.removeLast()
    }

    private mutating func remove(_ key: String) {
        set(key, nil)
        owners[key] = nil
    }

    private mutating func set(_ key: String, _ value: JSONValue?) {
        if before[key] == nil { before[key] = .some(values[key]) }
        values[key] = value
    }

    /// Reads what changed in a level: the entries added and the new path markers, and on the
    /// deepest level (where the current step is) the last known entry again, since it is replaced
    /// in place as the step is answered. A level above it cannot change until its child ends.
    private mutating func read(level i: Int, _ result: BranchResult, deepest: Bool) {
        var affected = Set<String>()
        let history = result.stepHistory
        let from = deepest ? max(0, levels[i].historyCount - 1) : levels[i].historyCount
        for index in from..<history.count {
            let id = history[index].identifier
            levels[i].latest[id] = index
            affected.insert(id)
        }
        for marker in result.path.dropFirst(levels[i].pathCount) where levels[i].seen.insert(marker.identifier.rawValue).inserted {
            affected.insert(marker.identifier.rawValue)
        }
        levels[i].historyCount = history.count
        levels[i].pathCount = result.path.count
        for id in affected.sorted() where levels[i].seen.contains(id) {
            for key in levels[i].contributed[id] ?? [] { remove(key) }
            levels[i].contributed[id] = nil
            guard let index = levels[i].latest[id] else { continue }
            var given: [String: JSONValue] = [:]
            Self.answers(of: history[index], id: id, into: &given)
            let owner = "\(i)/\(id)"
            for (key, value) in given {
                if let other = owners[key], other != owner {
                    collided = true
                    return
                }
                owners[key] = owner
                if values[key] != value { set(key, value) }
            }
            levels[i].contributed[id] = Array(given.keys)
        }
    }

    /// What one history entry gives, as ``BranchResult/collectAnswers(into:)`` reads it.
    private static func answers(of entry: StepResult, id: String, into values: inout [String: JSONValue]) {
        switch entry {
        case .section(let child): child.collectAnswers(into: &values)
        case .answer(let a): if a.value != .null { values[id] = a.value }
        case .collection(let c):
            for case .answer(let a) in c.children where a.value != .null { values[a.identifier] = a.value }
        default: break
        }
    }
}

/// The latest keys whose answers changed, in order, each with a process-wide increasing change
/// number: a consumer that saw change `n` of this run (or of a copy it shares its past with) applies
/// only the keys after it. Only the last ``window`` changes are kept (a step changes a few keys, and
/// a consumer looks at every step); a consumer further behind reads every answer instead.
public struct AnswerChanges: Sendable {
    /// How many changes are kept.
    static let window = 256
    private var numbers: [UInt64] = []
    private var keys: [String] = []

    /// The number of the last change (0: none yet).
    public var last: UInt64 { numbers.last ?? 0 }

    mutating func note(_ key: String) {
        if numbers.count == Self.window {
            numbers.removeFirst(Self.window / 2)
            keys.removeFirst(Self.window / 2)
        }
        numbers.append(ChangeCounter.next())
        keys.append(key)
    }

    /// The keys changed after change `number`, or nil when `number` is not among the changes kept
    /// (a diverged copy, a consumer too far behind, or none seen yet): the consumer must then read
    /// every answer.
    public func keys(after number: UInt64) -> [String]? {
        guard number != 0, let index = numbers.lastIndex(of: number) else { return nil }
        return Array(keys[(index + 1)...])
    }
}

/// Change numbers unique within the process, so two copies of a run never reuse one.
private enum ChangeCounter {
    nonisolated(unsafe) private static var value: UInt64 = 0
    private static let lock = NSLock()
    static func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
