import StudyCore
import TUIKit

extension TaskScreen {
    /// The timer a timed step's wake-ups run under (one pending at a time).
    static let timedTimer: TimerID = "timedStep"

    /// The help line while a timed round runs: the keys that stay global.
    static let timedHelp = "Esc pause  Ctrl-C menu"

    /// Handles the messages of a timed step.
    mutating func handleTimed(_ message: Message) -> [Command<Message>] {
        let now = environment.clock.now()
        switch message {
        case .timedKeyRead(let key, let time):
            guard let name = Self.timedKeyName(key) else { return [] }
            return withTimed { $0.keyRead(name, at: time) }
        case .timedFramePresented(let time, let generation):
            guard generation == timerGeneration else { return [] }
            return withTimed { $0.framePresented(at: time) }
        case .timedTimerFired(let generation):
            guard generation == timerGeneration else { return [] }
            return withTimed { $0.timerFired(at: now) }
        case .timedPaused:
            return withTimed { $0.pause() }
        case .timedInterrupted:
            return withTimed { $0.pause() } + openCancelMenu()
        default:
            return []
        }
    }

    /// Enter on a timed step: starts a round (after checking the terminal can keep its timing),
    /// resumes a paused one, or goes on from a refusal.
    mutating func timedEnter() -> [Command<Message>] {
        let now = environment.clock.now()
        let size = size
        return withTimed { t in
            if t.phase == .instructions || t.phase == .practiceDone,
               let reason = t.refusal(lineMode: false, width: size.width, height: size.height) {
                t.refuse(reason)
                return TimedStepOutcome()
            }
            return t.enter(at: now)
        }
    }

    /// A resize during a timed round that leaves the terminal too small stops it.
    mutating func timedResized() -> [Command<Message>] {
        let size = size
        return withTimed { t in
            guard t.takesRawKeys, let reason = t.refusal(lineMode: false, width: size.width, height: size.height) else {
                return TimedStepOutcome()
            }
            t.refuse(reason)
            return TimedStepOutcome(effect: TimedEffect(wake: .cancel))
        }
    }

    /// Runs `body` on the timed step's controller and turns its outcome into commands.
    private mutating func withTimed(_ body: (inout TimedStepController) -> TimedStepOutcome) -> [Command<Message>] {
        guard case .timed(var t)? = controller else { return [] }
        let out = body(&t)
        controller = .timed(t)
        let title = Self.forwardTitle(t.phase)
        if buttons.forward != nil, buttons.forward?.title != title {
            buttons.forward?.title = title
            layOutStepText()
        }
        let cmds = commands(for: out)
        guard let output = out.output, moveInFlight == nil else { return cmds }
        return cmds + [.cancelTimer(Self.timedTimer)] + carryOut(.next(output))
    }

    /// The commands of a timed outcome: the input flushed, the frame stamped, the wake-up set,
    /// the captions spoken, and the step's output handed to the run.
    private func commands(for out: TimedStepOutcome) -> [Command<Message>] {
        var cmds: [Command<Message>] = []
        let generation = timerGeneration
        if out.effect.bell { cmds.append(.bell) }
        if out.effect.flushInput { cmds.append(.flushInput) }
        if out.effect.stampFrame { cmds.append(.whenPresented { .timedFramePresented($0, generation: generation) }) }
        switch out.effect.wake {
        case .keep: break
        case .cancel: cmds.append(.cancelTimer(Self.timedTimer))
        case .at(let time):
            let after = max(.zero, time - environment.clock.now())
            cmds.append(.timer(Self.timedTimer, after: after, .timedTimerFired(generation: generation)))
        }
        for text in out.captions {
            let speak = environment.speak
            cmds.append(.perform { speak(text); return nil })
        }
        return cmds
    }

    /// The forward button's title in a phase: what Enter does there.
    static func forwardTitle(_ phase: TimedStepController.Phase) -> String {
        switch phase {
        case .paused: "Resume"
        case .refused: "Continue"
        default: "Start"
        }
    }

    /// The name a timed task knows `key` by (see `TimedKey`); nil for keys it never takes.
    static func timedKeyName(_ key: Key) -> String? {
        switch key {
        case .character(let c): return String(c).lowercased()
        case .enter: return TimedKey.enter
        case .tab: return "tab"
        case .backspace: return "backspace"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        default: return nil
        }
    }
}
