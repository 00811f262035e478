import Foundation

/// The logic of a timed step around its kind's ``TimedTaskLogic``: the instructions, the practice
/// round, the real round, pause and resume (Esc), the captions, the checks that refuse to start
/// (line mode, a small terminal) or stop a round (a key-repeat burst), and the step's output: the
/// measurement, or a skip with the reason (and the task's untimed alternative to go to instead).
/// Pure: every time is passed in, on the loop's one monotonic clock.
public struct TimedStepController: Sendable {
    /// Where the step is.
    public enum Phase: Sendable, Equatable {
        /// The instructions; Enter starts the practice round (or the real one).
        case instructions
        /// The practice round runs (keys go to the task).
        case practice
        /// The practice round is over; Enter starts the real one.
        case practiceDone
        /// The real round runs (keys go to the task).
        case running
        /// Paused (Esc) during a round; Enter resumes it, the trial under way starts again.
        case paused
        /// The round is over; the measurement is the step's output.
        case finished
        /// The step cannot keep its timing: why. Enter goes on (to the alternative, if any).
        case refused(String)
    }

    /// The step.
    public let step: StepDefinition
    /// Its timed task.
    public let timed: TimedStep
    /// The seed of this run's random choices.
    public let seed: UInt64
    /// Where the step is.
    public private(set) var phase: Phase = .instructions
    /// The round under way or ended (practice or real).
    public private(set) var logic: (any TimedTaskLogic)?
    /// The latest caption.
    public private(set) var caption: String?
    private var pausedInPractice = false
    private var keyGuard = KeyRepeatGuard()
    private var roundStart: Duration?
    private var logicWake: Duration?
    private var captionsGiven = 0

    /// The controller of `step`; `seed` fixes the random choices (the step's own seed wins).
    public init(step: StepDefinition, timed: TimedStep, seed: UInt64) {
        self.step = step
        self.timed = timed
        self.seed = timed.seed ?? seed
    }

    /// True while keys go to the task before the key map (only Ctrl-C and Esc stay global).
    public var takesRawKeys: Bool { phase == .practice || phase == .running }

    /// What Enter does, for the help line.
    public var enterTitle: String {
        switch phase {
        case .instructions: timed.practice ? "start practice" : "start"
        case .practiceDone: "start"
        case .paused: "resume"
        case .refused: timed.untimedAlternative == nil ? "continue" : "untimed version"
        case .practice, .running, .finished: "next"
        }
    }

    /// True while a round runs.
    public var isRunning: Bool { takesRawKeys }

    /// Why the step cannot keep its timing here; nil when it can.
    public func refusal(lineMode: Bool, width: Int, height: Int) -> String? {
        if lineMode { return Self.lineModeReason }
        if width < timed.minimumWidth || height < timed.minimumHeight {
            return "The terminal is too small for a timed task (\(width)x\(height); it needs \(timed.minimumWidth)x\(timed.minimumHeight))."
        }
        return nil
    }

    /// The reason given in line mode (and to screen readers).
    public static let lineModeReason = "Line mode cannot show a stimulus at a known time or time a key, so this timed task is not run."
    /// The reason given when a key repeats by itself.
    public static let keyRepeatReason = "A key repeated by itself (held down?), so the key times cannot be trusted; the timed task stopped."

    /// Stops the step with `reason`.
    public mutating func refuse(_ reason: String) {
        guard phase != .finished else { return }
        phase = .refused(reason)
        logic = nil
        logicWake = nil
    }

    /// Enter: starts the practice round or the real one, resumes after a pause, or (refused) hands
    /// over the skip. `time` is now.
    public mutating func enter(at time: Duration) -> TimedStepOutcome {
        switch phase {
        case .instructions where timed.practice: return startRound(practice: true, at: time)
        case .instructions, .practiceDone: return startRound(practice: false, at: time)
        case .paused: return resume(at: time)
        case .refused(let reason): return TimedStepOutcome(output: .skipped(reason: reason, goTo: timed.untimedAlternative))
        case .practice, .running, .finished: return TimedStepOutcome()
        }
    }

    /// Esc during a round: pauses it (the trial under way will be void).
    public mutating func pause() -> TimedStepOutcome {
        guard takesRawKeys else { return TimedStepOutcome() }
        pausedInPractice = phase == .practice
        phase = .paused
        logicWake = nil
        return TimedStepOutcome(effect: TimedEffect(wake: .cancel))
    }

    /// A key read at `time`, before the key map (only while a round runs).
    public mutating func keyRead(_ key: String, at time: Duration) -> TimedStepOutcome {
        guard takesRawKeys, logic != nil else { return TimedStepOutcome() }
        if keyGuard.keyRead(key, at: time) {
            refuse(Self.keyRepeatReason)
            return TimedStepOutcome(effect: TimedEffect(wake: .cancel))
        }
        return after(logic!.keyRead(key, at: time), at: time)
    }

    /// The stamped frame reached the terminal at `time`.
    public mutating func framePresented(at time: Duration) -> TimedStepOutcome {
        guard takesRawKeys, logic != nil else { return TimedStepOutcome() }
        return after(logic!.framePresented(at: time), at: time)
    }

    /// The wake-up asked for came; `time` is now.
    public mutating func timerFired(at time: Duration) -> TimedStepOutcome {
        guard takesRawKeys, logic != nil else { return TimedStepOutcome() }
        var out = TimedStepOutcome()
        out.captions = dueCaptions(at: time)
        if let wake = logicWake, time >= wake {
            logicWake = nil
            let next = after(logic!.timerFired(at: time), at: time)
            out.merge(next)
        } else {
            out.effect.wake = wakeAt()
        }
        return out
    }

    /// What the stage shows while a round runs; nil otherwise.
    public var frame: StimulusFrame? { takesRawKeys || phase == .finished ? logic?.frame : nil }

    /// The measurement of the real round, once it has ended.
    public var measurement: MeasurementResult? {
        guard phase == .finished, let logic else { return nil }
        var summary = logic.summary
        summary.append(.init(identifier: "seed", value: .string(String(seed))))
        return MeasurementResult(identifier: step.identifier.rawValue, startDate: .distantPast, measurementType: timed.kind.typeName,
                                 summary: summary, trials: logic.trialRecords, note: logic.note)
    }

    private mutating func startRound(practice: Bool, at time: Duration) -> TimedStepOutcome {
        var round = timed.kind.makeLogic(practice: practice, seed: practice ? seed ^ 0xFACE : seed)
        phase = practice ? .practice : .running
        keyGuard = KeyRepeatGuard()
        let effect = round.begin(at: time)
        logic = round
        logicWake = nil
        roundStart = practice ? nil : time
        var out = after(effect, at: time)
        out.effect.flushInput = true
        return out
    }

    private mutating func resume(at time: Duration) -> TimedStepOutcome {
        phase = pausedInPractice ? .practice : .running
        keyGuard = KeyRepeatGuard()
        logicWake = nil
        guard logic != nil else { return TimedStepOutcome() }
        var out = after(logic!.resumed(at: time), at: time)
        out.effect.flushInput = true
        return out
    }

    /// Applies the task's effect: keeps its wake-up, merges the captions', and ends the round when
    /// the task is over.
    private mutating func after(_ effect: TimedEffect, at time: Duration) -> TimedStepOutcome {
        switch effect.wake {
        case .keep: break
        case .cancel: logicWake = nil
        case .at(let t): logicWake = t
        }
        var out = TimedStepOutcome(effect: effect)
        out.captions = dueCaptions(at: time)
        if logic?.isFinished == true {
            logicWake = nil
            if phase == .practice {
                phase = .practiceDone
            } else {
                phase = .finished
                out.captions += endCaptions()
                out.output = measurement.map(StepOutput.measurement)
            }
        }
        out.effect.wake = wakeAt()
        return out
    }

    /// The next wake-up: the task's or the next caption's, whichever comes first.
    private func wakeAt() -> TimedEffect.Wake {
        let caption = nextCaptionTime
        switch (logicWake, caption) {
        case (let a?, let b?): return .at(min(a, b))
        case (let a?, nil): return .at(a)
        case (nil, let b?): return .at(b)
        case (nil, nil): return .cancel
        }
    }

    /// When the next timed caption of the real round is due.
    private var nextCaptionTime: Duration? {
        guard phase == .running, let start = roundStart, captionsGiven < timed.spokenInstructions.count else { return nil }
        let time = timed.spokenInstructions[captionsGiven].time
        return time.isFinite ? start + .seconds(time) : nil
    }

    /// The captions of the real round due at `time`.
    private mutating func dueCaptions(at time: Duration) -> [String] {
        var out: [String] = []
        while let due = nextCaptionTime, due <= time {
            out.append(timed.spokenInstructions[captionsGiven].text)
            captionsGiven += 1
        }
        if let last = out.last { caption = last }
        return out
    }

    /// The captions left for the end.
    private mutating func endCaptions() -> [String] {
        let rest = timed.spokenInstructions.dropFirst(captionsGiven).map(\.text)
        captionsGiven = timed.spokenInstructions.count
        if let last = rest.last { caption = last }
        return rest
    }
}

/// What the screen must do after a timed step's input.
public struct TimedStepOutcome: Sendable, Equatable {
    /// The task's effect (its wake-up merged with the captions').
    public var effect: TimedEffect
    /// Captions now due.
    public var captions: [String]
    /// The step's output once it is done: the measurement, or a skip with the reason.
    public var output: StepOutput?

    /// An outcome.
    public init(effect: TimedEffect = .none, captions: [String] = [], output: StepOutput? = nil) {
        self.effect = effect
        self.captions = captions
        self.output = output
    }

    /// Adds a later outcome to this one.
    mutating func merge(_ other: TimedStepOutcome) {
        effect.flushInput = effect.flushInput || other.effect.flushInput
        effect.stampFrame = effect.stampFrame || other.effect.stampFrame
        effect.bell = effect.bell || other.effect.bell
        effect.wake = other.effect.wake
        captions += other.captions
        output = other.output ?? output
    }
}
