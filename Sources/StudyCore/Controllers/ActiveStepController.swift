import Foundation

/// The logic of an active or countdown step: the remaining time (from monotonic times passed
/// in, minus pauses), pause and resume, start on appearance or on request, spoken instructions
/// as they fall due, sound and vibration commands as a bell, and moving on by itself.
public struct ActiveStepController: Sendable, Equatable {
    /// The step.
    public let step: StepDefinition
    /// Its timing data.
    public let active: ActiveStep
    /// When the timer started (monotonic seconds); nil before the start.
    public private(set) var startedAt: Double?
    /// When the current pause began; nil while running.
    public private(set) var pausedAt: Double?
    /// Seconds spent paused before the current pause.
    public private(set) var pausedTotal: Double = 0
    /// Seconds of running time at the last input.
    public private(set) var elapsed: Double = 0
    /// Spoken instructions already given (indexes into `active.spokenInstructions`).
    public private(set) var spoken: Set<Int> = []
    /// The most recent caption.
    public private(set) var caption: String?
    /// True once the time is up.
    public private(set) var isFinished = false

    public init(step: StepDefinition, active: ActiveStep) {
        self.step = step
        self.active = active
    }

    /// True while the timer runs.
    public var isRunning: Bool { startedAt != nil && pausedAt == nil && !isFinished }
    /// True while paused.
    public var isPaused: Bool { pausedAt != nil }
    /// True when the timer has a duration.
    public var isTimed: Bool { active.duration > 0 }

    /// Whole seconds left, as shown: `ceil(duration) − floor(elapsed)`, never below zero.
    public var remainingSeconds: Int {
        max(0, active.duration.rounded(.up).saturatingInt - elapsed.rounded(.down).saturatingInt)
    }

    /// The share of the time used, 0...1.
    public var fraction: Double {
        active.duration > 0 ? min(1, elapsed / active.duration) : 0
    }

    /// Applies an input.
    public mutating func handle(_ input: StepInput) -> StepOutcome {
        switch input {
        case .start(let at):
            guard startedAt == nil else { return .ignored }
            startedAt = at
            var out = advance(to: at)
            if active.commands.contains(.playSoundOnStart) || active.commands.contains(.vibrateOnStart) { out.bell = true }
            return out
        case .pause(let at):
            guard isRunning else { return .ignored }
            _ = advance(to: at)
            pausedAt = at
            if active.commands.contains(.speakWarningOnPause) { caption = "Paused." }
            return StepOutcome(captions: active.commands.contains(.speakWarningOnPause) ? ["Paused."] : [])
        case .resume(let at):
            guard let p = pausedAt else { return .ignored }
            pausedTotal += at - p
            pausedAt = nil
            return advance(to: at)
        case .tick(let at):
            guard isRunning else { return .ignored }
            return advance(to: at)
        case .goForward:
            if startedAt == nil, isTimed { return .ignored }
            return StepOutcome(request: .forward(nil))
        case .goBack: return StepOutcome(request: .back(nil))
        case .skip: return StepOutcome(request: .skip)
        case .edit, .leave, .addEntry, .removeEntry: return .ignored
        }
    }

    /// Seconds until the next whole second of running time (when to tick next); nil when idle.
    public var secondsToNextTick: Double? {
        guard isRunning else { return nil }
        let next = elapsed.rounded(.down) + 1 - elapsed
        return next > 0.001 ? next : 1
    }

    /// Moves the running time to `at` and reports what fell due.
    private mutating func advance(to at: Double) -> StepOutcome {
        guard let start = startedAt, !isFinished else { return .none }
        elapsed = max(elapsed, at - start - pausedTotal)
        var out = StepOutcome()
        let done = isTimed && elapsed >= active.duration - 1e-9
        for (i, s) in active.spokenInstructions.enumerated() where !spoken.contains(i) {
            let due = s.time.isInfinite ? done : elapsed >= s.time - 1e-9
            guard due else { continue }
            spoken.insert(i)
            out.captions.append(s.text)
            caption = s.text
        }
        if done {
            isFinished = true
            elapsed = active.duration
            if active.commands.contains(.playSoundOnFinish) || active.commands.contains(.vibrateOnFinish) { out.bell = true }
            if active.continuesOnFinish { out.request = .forward(nil) }
        }
        return out
    }
}
