import Foundation
import StudyCore
import TUIKit

extension TaskScreen {
    /// Sends a step-level input to the controller and applies the outcome.
    mutating func handleStep(_ input: StepInput) -> [Command<Message>] {
        guard controller != nil else { return [] }
        if input == .goBack, buttons.back == nil { return [.bell] }
        let now = environment.now()
        guard let out = controller?.handle(input, now: now) else { return [] }
        if let path = out.focus { focus = .field(path) }
        keepFocusValid()
        return apply(out)
    }

    /// Carries out an outcome: bell, captions, answers, navigation.
    mutating func apply(_ out: StepOutcome) -> [Command<Message>] {
        var cmds: [Command<Message>] = []
        if out.bell { cmds.append(.bell) }
        for text in out.captions {
            let speak = environment.speak
            cmds.append(.perform { speak(text); return nil })
        }
        if let message = out.message { notice = nil; _ = message }
        guard let request = out.request else { return cmds }
        if case .forward(nil) = request, !out.captions.isEmpty, case .active? = controller {
            // The step ends by itself with a caption (the "end" instruction): it stays a moment
            // so that the caption can be read.
            holdsForward = true
            return cmds + [.tick(after: Self.captionReadingTime, .captionRead(generation: timerGeneration))]
        }
        let runRequest: RunRequest
        switch request {
        case .forward(let given): runRequest = .next(given)
        case .back(let given): runRequest = .back(given)
        case .skip: runRequest = .skip
        }
        return cmds + carryOut(runRequest)
    }

    /// Asks the run to carry out `request` (stored before it counts); the step stays, saying why,
    /// when it cannot be stored.
    mutating func carryOut(_ request: RunRequest) -> [Command<Message>] {
        switch run.apply(request, now: environment.now(), save: environment.autosave) {
        case .cannotGoBack?: return [.bell]
        case .notStored(let failure)?:
            notice = Self.notSaved(failure)
            return []
        case nil: return stepChanged(saved: true)
        }
    }

    /// The line the screen shows when an answer was not stored: the cause first, since a narrow
    /// screen cuts the end.
    static func notSaved(_ failure: AutosaveFailure) -> String {
        "Not saved: \(failure.cause). Fix it, then try again."
    }

    /// After navigation: a new controller, focus at the top, autosave before the next screen shows
    /// (unless the move was `saved` already, as every move the participant makes is).
    mutating func stepChanged(saved: Bool = false) -> [Command<Message>] {
        controller = AnyStepController(run: run, timeZone: environment.timeZone)
        header = TaskHeader(run: run)
        buttons = StepButtons(run: run)
        notes = TerminalLimits.note(for: run).map { [$0] } ?? []
        layOutStepText()
        focus = initialFocus
        scroll = 0
        scrollPinned = true   // a step opens at its top
        holdsForward = false
        timerGeneration += 1
        if run.isFinished {
            exit = .finished
            return [.quit]
        }
        return (saved ? [] : [autosave()]) + stepAppeared()
    }

    /// How long a step that ends by itself with a caption stays on the screen.
    static let captionReadingTime = Duration.seconds(3)

    /// Goes on from a step held for its last caption.
    mutating func releaseHeldForward() -> [Command<Message>] {
        guard holdsForward else { return [] }
        if case .notStored(let failure)? = run.apply(.next(nil), now: environment.now(), save: environment.autosave) {
            notice = Self.notSaved(failure)  // still held: Enter tries again
            return []
        }
        holdsForward = false
        return stepChanged(saved: true)
    }

    /// The autosave command: the snapshot is written before the next frame is presented.
    func autosave() -> Command<Message> {
        let json = run.snapshot().json
        let save = environment.autosave
        return .perform { .autosaved(error: save(json)) }
    }

    /// Starts a timer that starts by itself.
    mutating func stepAppeared() -> [Command<Message>] {
        guard let a = activeController, a.startedAt == nil, a.active.startsAutomatically || !a.isTimed else { return [] }
        return startTimer()
    }

    mutating func startTimer() -> [Command<Message>] {
        let now = environment.uptime()
        guard let out = withActive({ $0.handle(.start(at: now)) }) else { return [] }
        timerGeneration += 1
        return apply(out) + scheduleTick()
    }

    /// The next timer tick, at the next whole second of running time.
    func scheduleTick() -> [Command<Message>] {
        guard case .active(let a)? = controller, let wait = a.secondsToNextTick else { return [] }
        return [.tick(after: .milliseconds(Int((wait * 1000).rounded(.up))), .timerTicked(generation: timerGeneration))]
    }

    /// Opens the cancel menu on "Continue".
    mutating func openCancelMenu() -> [Command<Message>] {
        overlay = .cancelMenu(.continueTask)
        return []
    }

    mutating func overlayKey(_ key: Key, _ current: Overlay) -> [Command<Message>] {
        guard case .cancelMenu(let at) = current else {
            overlay = nil
            return []
        }
        let all = CancelChoice.allCases
        switch key {
        case .up, .backTab: overlay = .cancelMenu(all[max(0, at.rawValue - 1)])
        case .down, .tab: overlay = .cancelMenu(all[min(all.count - 1, at.rawValue + 1)])
        case .escape: overlay = nil
        case .character(let c):
            guard let n = c.wholeNumberValue, let choice = CancelChoice(rawValue: n - 1) else { return [] }
            return choose(choice)
        case .enter: return choose(at)
        case .ctrl("c"): return choose(.saveAndExit)
        default: break
        }
        return []
    }

    /// Carries out a cancel menu choice.
    mutating func choose(_ choice: CancelChoice) -> [Command<Message>] {
        overlay = nil
        switch choice {
        case .continueTask: return []   // the menu closes: back to the step as it was
        case .saveAndExit: return saveAndLeave(.finished)
        case .discard:
            _ = run.apply(.discard, now: environment.now(), save: environment.autosave)
            exit = .finished
            return [.quit]
        }
    }

    /// Keeps the valid answers, writes the snapshot, and ends the run as saved.
    mutating func saveAndLeave(_ reason: ScreenExit) -> [Command<Message>] {
        let now = environment.now()
        var answers: [String: JSONValue]?
        if case .question(let q)? = controller { answers = q.validAnswers(now: now) }
        if case .notStored(let failure)? = run.apply(.save(answers), now: now, save: environment.autosave) {
            // Saved means stored: when it cannot be, the participant stays. A signal still ends
            // the run, saved as far as it goes; the finish is recorded after it.
            if case .finished = reason {
                notice = Self.notSaved(failure)
                return []
            }
            _ = run.apply(.save(answers), now: now, save: { _ in nil })
        }
        exit = reason
        return [.quit]
    }

    /// A click: an option, a field, or a button.
    mutating func clicked(x: Int, y: Int) -> [Command<Message>] {
        let layout = ScreenLayout(screen: self)
        guard let hit = layout.hit(x: x, y: y) else { return [] }
        scroll = layout.scroll   // what was clicked stays where it is
        scrollPinned = false
        switch hit {
        case .button(let type):
            focus = .button(type)
            return press(type)
        case .field(let path, let row):
            if focus != .field(path) { _ = moveFocusTo(.field(path)) }
            guard let row else { return [] }
            return edit(.choose(row))
        }
    }

    mutating func moveFocusTo(_ target: FocusTarget) -> [Command<Message>] {
        if case .field(let path)? = focus {
            let now = environment.now()
            _ = withQuestion { $0.handle(.leave(path), now: now) }
        }
        focus = target
        return []
    }
}
