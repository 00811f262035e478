import Foundation
import StudyCore
import TUIKit

/// Accessible line mode: the same controllers as the full screen, shown as plain numbered
/// prompts with no cursor addressing or redraws. It reads lines (piped input works); commands
/// `back`, `skip`, `save`, `cancel` and `help` work at every prompt; end of input saves.
public struct LineSession {
    /// The run.
    public internal(set) var run: TaskRun
    let environment: TaskEnvironment
    let output: (String) -> Void
    let readLine: () -> String?
    let sleep: (Double) -> Void
    /// The columns lines are wrapped to, between words (a terminal would cut words in two).
    let width: Int
    /// When a read gives no line because the prompt's idle timeout ran out (not because input
    /// ended), the station's partial-answer policy; nil for the end of input, which saves.
    var expiredPolicy: () -> PartialAnswerPolicy? = { nil }
    /// Told the path of each step as it is asked (a kiosk station's line face starts the step's
    /// own idle timeout); nothing by default.
    var stepShown: (String?) -> Void = { _ in }
    /// False at a kiosk station: `save` and `cancel` are not commands (a participant cannot leave
    /// a task there), only text.
    var leavingAllowed = true

    /// A session over a started (or restored) run, writing lines of at most `width` columns.
    public init(run: TaskRun, environment: TaskEnvironment, output: @escaping (String) -> Void,
                readLine: @escaping () -> String?, sleep: @escaping (Double) -> Void, width: Int = 80) {
        self.run = run
        self.environment = environment
        self.output = output
        self.readLine = readLine
        self.sleep = sleep
        self.width = max(20, width)
    }

    /// What a prompt got.
    enum Reply: Equatable {
        case text(String)
        case command(Command)
        case ended
    }

    /// Commands understood at every prompt.
    enum Command: String, CaseIterable {
        case back, skip, save, cancel, help
    }

    func say(_ text: String) { output(wrapped(text) + "\n") }

    /// `text` wrapped to ``width`` between words, each line keeping its indentation.
    func wrapped(_ text: String) -> String { TextWidth.wrapIndented(text, width: width) }

    /// Reads one reply after printing `prompt`.
    func ask(_ prompt: String) -> Reply {
        output(wrapped(prompt) + "\n> ")
        guard let line = readLine() else {
            output("\n")
            return .ended
        }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let c = Command(rawValue: trimmed.lowercased()), leavingAllowed || (c != .save && c != .cancel) { return .command(c) }
        return .text(trimmed)
    }

    /// Runs until the task ends, is saved or discarded, or input ends; returns a note for the end of input.
    public mutating func play() -> String? {
        let title = Sanitizer.sanitizeLine(run.task.title ?? run.task.identifier)
        say("\(title). Type help at any prompt for commands.")
        if let warning = TerminalLimits.taskWarning(run.task) { say("! " + warning) }
        while let controller = AnyStepController(run: run, timeZone: environment.timeZone) {
            say("")
            stepShown(run.currentPath)
            header(controller.step)
            if let note = TerminalLimits.note(for: run) { say("! " + note) }
            let reply: StepReply
            switch controller {
            case .text: reply = textStep()
            case .question(let q): reply = questionStep(q)
            case .active(let a):
                // A step the terminal cannot perform goes on at Enter; nothing to wait for.
                reply = TerminalLimits.isUnrunnable(a.step) ? textStep() : activeStep(a)
            case .timed(let t): reply = timedStep(t)
            }
            if let note = apply(reply) { return note }
        }
        return nil
    }

    /// How a step ended.
    enum StepReply {
        case forward([String: JSONValue]?)
        case output(StepOutput)
        case command(Command, [String: JSONValue]?)
        case ended([String: JSONValue]?)
    }

    /// Applies a step's reply to the run (``TaskRun/apply(_:now:save:)``: stored before it counts,
    /// as on the screen); returns a note when the session must stop.
    mutating func apply(_ reply: StepReply) -> String? {
        let now = environment.now()
        let request: RunRequest
        switch reply {
        case .forward(let given): request = .next(given.map(StepOutput.answers))
        case .output(let output): request = .next(output)
        case .command(.back, let given): request = .back(given)
        case .command(.skip, _): request = .skip
        case .ended(let answers):
            if let policy = expiredPolicy() {
                request = .timeOut(answers, keepPartial: policy == .keep)
            } else {
                request = .save(answers)
            }
        case .command(.save, let answers): request = .save(answers)
        case .command(.cancel, _): request = .discard
        case .command(.help, _): return nil
        }
        switch run.apply(request, now: now, save: environment.autosave) {
        case nil:
            // The command line says once that the run was saved, and how to resume it.
            if case .ended = reply { return "Input ended." }
        case .cannotGoBack?:
            say("You cannot go back from here.")
        case .notStored(let failure)?:
            switch reply {
            case .command(.save, _):
                // Saved means stored: the participant stays and can try again or go on.
                say("Not saved: \(failure.cause). Fix it, then type save again.")
            case .ended:
                // Input is gone: the run ends saved as far as it goes (its finish is recorded next).
                say("Not saved: \(failure.cause).")
                _ = run.apply(request, now: now, save: { _ in nil })
                return "Input ended."
            default:
                // The run is as it was: the same question is asked again.
                say("Not saved: \(failure.cause). Your answer was not kept; fix it, then answer again.")
            }
        }
        return nil
    }

    /// Says the step's progress, title and texts.
    func header(_ step: StepDefinition) {
        var parts: [String] = []
        if let p = run.progress { parts.append(p.isEstimated ? "Step \(p.current) of about \(p.total)" : "Step \(p.current) of \(p.total)") }
        if let t = step.title { parts.append(Sanitizer.sanitizeLine(t)) }
        if !parts.isEmpty { say(parts.joined(separator: ": ")) }
        for text in [step.text, step.detail, step.footnote].compactMap({ $0 }) where !text.isEmpty {
            say(Sanitizer.sanitizeParagraphs(text))
        }
    }

    func helpText() {
        guard leavingAllowed else {
            return say("Commands: back (previous step), skip (leave this step unanswered), help. An empty line keeps the answer shown, or goes on.")
        }
        say("Commands: back (previous step), skip (leave this step unanswered), save (save and exit; resume later),")
        say("cancel (discard the answers and exit), help. An empty line keeps the answer shown, or goes on.")
    }

    func textStep() -> StepReply {
        let b = StepButtons(run: run)
        while true {
            switch ask("Press Enter for \(b.forward?.title ?? "Next").") {
            case .text: return .forward(nil)
            case .command(.help): helpText()
            case .command(let c): return .command(c, nil)
            case .ended: return .ended(nil)
            }
        }
    }
}
