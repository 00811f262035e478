import Foundation
import StudyCore

/// Reads the participant's typed replies for line mode (the journey's prompts and a task's), with
/// the idle timeout of ``LinePromptTimeout`` when one is given: a warning line when no reply has
/// come by the warning, Enter during it extends the prompt, and at the end the reply is nil with
/// ``timedOut`` set. Without a timeout (the journey's ordinary line mode) it waits for ever. A
/// reference, so that a task's line prompts (which take a plain `() -> String?`) read through it.
final class LineReplies {
    /// Reads a line before a deadline on the timeout's clock (nil: no deadline).
    private let read: (Duration?) -> LineRead
    /// Writes text as it is.
    private let output: (String) -> Void
    /// The prompts' idle timeout; nil waits for ever.
    let timeout: LinePromptTimeout?
    /// True once a prompt expired: every later read is nil until ``rearm()``.
    private(set) var timedOut = false
    /// True while prompts keep no deadline even with a timeout (welcome never times out).
    var waitsForever = false

    /// Replies read by `read`, warnings written to `output`.
    init(read: @escaping (Duration?) -> LineRead, output: @escaping (String) -> Void, timeout: LinePromptTimeout?) {
        self.read = read
        self.output = output
        self.timeout = timeout
    }

    /// The next line; nil when input ended or the prompt expired (``timedOut`` says which).
    func next() -> String? {
        guard !timedOut else { return nil }
        guard let timeout, !waitsForever else {
            if case .line(let line) = read(nil) { return line }
            return nil
        }
        var watch = timeout.watch(from: timeout.clock.now())
        var warned = false
        while true {
            switch read(warned ? watch.expiry : watch.warningStart) {
            case .line(let line):
                guard warned, line.trimmingCharacters(in: .whitespaces).isEmpty else { return line }
                // Enter during the warning: the prompt goes on, while extensions are left.
                if watch.keyPressed(at: timeout.clock.now()) {
                    warned = false
                    output("> ")
                }
            case .timedOut:
                let now = timeout.clock.now()
                switch watch.phase(at: now) {
                case .expired:
                    timedOut = true
                    return nil
                case .warning:
                    guard !warned else { continue }
                    warned = true
                    output("\n" + LinePromptTimeout.warningLine(seconds: watch.countdownSeconds(at: now) ?? 0) + "\n> ")
                case .quiet:
                    continue   // woken early: wait on
                }
            case .ended:
                return nil
            }
        }
    }

    /// The session was reset after a timeout: prompts are read again.
    func rearm() { timedOut = false }
}
