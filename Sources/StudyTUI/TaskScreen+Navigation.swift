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

    /// Asks the run to carry out `request`: the move is worked out here and counts once the
    /// autosave command has stored its snapshot (``store(_:exit:countsUnstored:)``); the step
    /// stays, saying why, when it cannot be stored.
    mutating func carryOut(_ request: RunRequest) -> [Command<Message>] {
        do throws(RunRefusal) { return store(try run.prepare(request, now: environment.now())) } catch {
            switch error {
            case .cannotGoBack: return [.bell]
            case .notStored(let failure):   // prepare stores nothing; kept for the switch
                notice = Self.notSaved(failure)
                return []
            }
        }
    }

    /// The line the screen shows when an answer was not stored: the cause first, since a narrow
    /// screen cuts the end.
    static func notSaved(_ failure: AutosaveFailure) -> String {
        "Not saved: \(failure.cause). Fix it, then try again."
    }

    /// Hands a pending move to the autosave: no disk is touched here. The command returned stores
    /// the move's snapshot (encoded once, there) before the next frame, and its `autosaved` message
    /// makes the move count or puts it back with the reason. A move with nothing to store counts at
    /// once. `exit` is where the screen goes once the move counts (nil: the next step shows);
    /// `countsUnstored` makes the move count even when its snapshot cannot be stored (a signal or
    /// a timeout: nobody is left to try again, and the finish is recorded after it).
    mutating func store(_ move: PendingMove, exit: ScreenExit? = nil, countsUnstored: Bool = false) -> [Command<Message>] {
        // One move at a time: the loop delivers `autosaved` before any other message, so a second
        // move cannot start while one is in flight; refusing it keeps that true for any driver.
        guard moveInFlight == nil else { return [] }
        guard let snapshot = move.snapshot else { return moved(move, exit: exit) }
        moveInFlight = MoveInFlight(move: move, exit: exit, countsUnstored: countsUnstored)
        let save = environment.autosave
        return [.perform { .autosaved(error: save(EncodedSnapshot(snapshot))) }]
    }

    /// The autosave command's answer: the move in flight counts, or, when its snapshot could not be
    /// stored, the step stays as it was and the message line says why.
    mutating func autosaved(_ error: AutosaveFailure?) -> [Command<Message>] {
        guard let inFlight = moveInFlight else { return [] }
        moveInFlight = nil
        if let error {
            notice = Self.notSaved(error)
            if !inFlight.countsUnstored { return [] }
        }
        return moved(inFlight.move, exit: inFlight.exit)
    }

    /// Makes the move count: the run moves, then the next step shows or the screen ends.
    mutating func moved(_ move: PendingMove, exit: ScreenExit?) -> [Command<Message>] {
        run.commit(move)
        if let exit {
            self.exit = exit
            return [.quit]
        }
        return stepChanged()
    }

    /// After navigation: a new controller, focus at the top (the move was stored before it counted).
    mutating func stepChanged() -> [Command<Message>] {
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
        return stepAppeared()
    }

    /// How long a step that ends by itself with a caption stays on the screen.
    static let captionReadingTime = Duration.seconds(3)

    /// Goes on from a step held for its last caption; when the move cannot be stored the step
    /// stays held, and Enter tries again.
    mutating func releaseHeldForward() -> [Command<Message>] {
        guard holdsForward else { return [] }
        return carryOut(.next(nil))
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
            guard let move = try? run.prepare(.discard, now: environment.now()) else { return [] }
            return store(move, exit: .finished)   // a discard stores nothing: it counts at once
        }
    }

    /// The current step's valid answers, kept when the run ends before the step is done.
    func answersSoFar(now: Date) -> [String: JSONValue]? {
        if case .question(let q)? = controller { return q.validAnswers(now: now) }
        return nil
    }

    /// Keeps the valid answers, stores the snapshot, and ends the run as saved. Saved means
    /// stored: when it cannot be, the participant stays. A signal still ends the run, saved as
    /// far as it goes (its finish is recorded after it).
    mutating func saveAndLeave(_ reason: ScreenExit) -> [Command<Message>] {
        let now = environment.now()
        guard let move = try? run.prepare(.save(answersSoFar(now: now)), now: now) else { return [] }
        return store(move, exit: reason, countsUnstored: reason != .finished)
    }

    /// Ends the run because the participant was inactive (`timedOut`), keeping the answers so far
    /// (the current step's valid ones too) when `keepPartial`, none otherwise. The screen ends
    /// either way: with answers kept their snapshot is stored first (a finish that cannot be
    /// recorded resumes from it), but nobody is there to try again, so the end counts regardless.
    mutating func timeOut(keepPartial: Bool) -> [Command<Message>] {
        overlay = nil
        let now = environment.now()
        let request = RunRequest.timeOut(keepPartial ? answersSoFar(now: now) : nil, keepPartial: keepPartial)
        guard let move = try? run.prepare(request, now: now) else { return [] }
        return store(move, exit: .finished, countsUnstored: true)
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
