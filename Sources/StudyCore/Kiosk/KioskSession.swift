import Foundation

/// One participant's session at a study station: the language, the identification, the plan's
/// tasks one after another, the thank-you; a value that ends exactly once, with one
/// ``KioskSessionEndReason``. Pure: the station program feeds it what happened and reads where it
/// is; storing, timing and the privacy reset are the program's.
public struct KioskSession: Sendable, Equatable {
    /// Where a session is.
    public enum Stage: Sendable, Equatable {
        /// The language chooser (only when the station offers more than one).
        case language
        /// The participant is being identified.
        case identification
        /// The plan's task at this index is running.
        case task(planIndex: Int)
        /// The plan is done; the thank-you screen shows (the session has ended as completed).
        case thankYou
        /// The session ended before the thank-you.
        case ended
    }

    /// How one of the session's tasks ended, and what the plan's conditions may read of it.
    public struct TaskOutcome: Sendable, Equatable {
        /// The task's identifier.
        public var task: String
        /// The run's identifier (the rows the session owns).
        public var runID: UUID
        /// Whether the participant finished it.
        public var completed: Bool
        /// Its answers by step identifier, for `answerEquals` conditions.
        public var answers: [String: JSONValue]

        /// An outcome.
        public init(task: String, runID: UUID, completed: Bool, answers: [String: JSONValue] = [:]) {
            (self.task, self.runID, self.completed, self.answers) = (task, runID, completed, answers)
        }
    }

    /// The session's identifier (stored with its runs and in the audit log).
    public let id: UUID
    /// The tasks of a session and their conditions.
    public let plan: [KioskPlanItem]
    /// The languages offered, the station's default first.
    public let languages: [String]
    /// Where the session is.
    public private(set) var stage: Stage
    /// The language in force.
    public private(set) var language: String
    /// The tasks that ran, in order.
    public private(set) var outcomes: [TaskOutcome] = []
    /// How it ended, once it has.
    public private(set) var endReason: KioskSessionEndReason?

    /// A new session: the language chooser first when several languages are offered.
    public init(id: UUID = UUID(), plan: [KioskPlanItem], languages: [String]) {
        self.id = id
        self.plan = plan
        self.languages = languages.isEmpty ? ["en"] : languages
        language = self.languages[0]
        stage = self.languages.count > 1 ? .language : .identification
    }

    /// Whether the session has ended (it may still show its thank-you).
    public var hasEnded: Bool { endReason != nil }

    /// The task running, if any.
    public var currentTask: String? {
        if case .task(let index) = stage { return plan[index].task }
        return nil
    }

    /// The participant chose `tag` (one of ``languages``); anything else changes nothing.
    public mutating func chooseLanguage(_ tag: String) {
        guard stage == .language, languages.contains(tag) else { return }
        language = tag
        stage = .identification
    }

    /// The participant is identified: the first task whose condition holds starts.
    public mutating func identified() {
        guard stage == .identification else { return }
        advance(after: -1)
    }

    /// The running task ended; the next task whose condition holds starts, or the thank-you.
    public mutating func taskEnded(_ outcome: TaskOutcome) {
        guard case .task(let index) = stage, plan[index].task == outcome.task else { return }
        outcomes.append(outcome)
        advance(after: index)
    }

    /// Ends the session with `reason`; returns false (and changes nothing) when it has already
    /// ended. A completed session ends by reaching the thank-you, never through this.
    @discardableResult
    public mutating func end(_ reason: KioskSessionEndReason) -> Bool {
        guard endReason == nil, reason != .completed else { return false }
        endReason = reason
        stage = .ended
        return true
    }

    /// Moves to the first plan item after `index` whose condition holds, or to the thank-you.
    private mutating func advance(after index: Int) {
        if let next = plan.indices.first(where: { $0 > index && holds(plan[$0].condition) }) {
            stage = .task(planIndex: next)
        } else {
            stage = .thankYou
            endReason = .completed
        }
    }

    /// Whether `condition` holds for the tasks run so far in this session.
    public func holds(_ condition: KioskPlanCondition) -> Bool {
        switch condition {
        case .always:
            return true
        case .completed(let task):
            return outcomes.contains { $0.task == task && $0.completed }
        case .answerEquals(let task, let step, let value):
            return outcomes.last { $0.task == task }?.answers[step] == value
        }
    }
}
