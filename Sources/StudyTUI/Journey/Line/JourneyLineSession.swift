import Foundation
import StudyCore
import TUIKit

/// The journey as plain numbered line prompts, for screen readers, dumb terminals and no terminal
/// at all (`--accessible`, `ACCESSIBLE=1`, `TERM=dumb`, or standard input or output not a
/// terminal), the way `run` asks a task in line mode. Welcome, the consent with its full text,
/// the dashboard, settings and the inbox take the same steps through the same services as the full
/// screen (``JourneyServices``), so the store and its guarantees are the same. A task started here
/// ends the session with ``JourneyOutcome/runTask(_:)``; the executable runs it in line mode and
/// starts a new session. `q` quits at any prompt, `help` explains it, and the end of input quits.
public struct JourneyLineSession {
    /// The outside world.
    let services: JourneyServices
    /// Writes text as it is (lines end with a newline).
    let output: (String) -> Void
    /// Reads one line; nil at the end of input.
    let readLine: () -> String?
    /// What to say first (how the last task ended).
    var notice: String?
    /// Inbox identifiers already offered to the store while this session runs.
    var offeredToInbox: Set<String> = []

    /// A session over `services`; `notice` is said first.
    public init(services: JourneyServices, output: @escaping (String) -> Void, readLine: @escaping () -> String?,
                notice: String? = nil) {
        self.services = services
        self.output = output
        self.readLine = readLine
        self.notice = notice
    }

    /// What a prompt got.
    enum Reply: Equatable {
        /// A line (trimmed).
        case text(String)
        /// `q` or `quit`.
        case quit
        /// The end of input.
        case ended
    }

    /// Where the session goes next.
    enum Place: Equatable {
        case welcome
        case consent(ConsentScreen.Purpose)
        case dashboard(StudySession)
        case settings(StudySession)
        case inbox(StudySession)
        case done(JourneyOutcome)
    }

    /// Prints `text` and a line break.
    func say(_ text: String = "") { output(Sanitizer.sanitizeParagraphs(text) + "\n") }

    /// Prints `prompt` and reads a reply; `help` prints `help` and asks again.
    func ask(_ prompt: String, help: String) -> Reply {
        while true {
            output(Sanitizer.sanitizeParagraphs(prompt) + "\n> ")
            guard let line = readLine() else {
                output("\n")
                return .ended
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            switch text.lowercased() {
            case "q", "quit": return .quit
            case "help", "?": say(help + " Type q to quit StudyTerm.")
            default: return .text(text)
            }
        }
    }

    /// Asks to choose one of `options` by number (or by one of `letters`); nil when the participant
    /// quits or input ends (`ended` is then set).
    func choose(_ question: String, _ options: [String], letters: [String: Int] = [:], help: String? = nil) -> Choice {
        let list = options.enumerated().map { "\($0 + 1). \($1)" }.joined(separator: "\n")
        while true {
            switch ask(question + "\n" + list, help: help ?? "Type the number of your choice, from 1 to \(options.count).") {
            case .text(let text):
                if let n = Int(text), (1...options.count).contains(n) { return .option(n - 1) }
                if let n = letters[text.lowercased()] { return .option(n) }
                say("Type a number from 1 to \(options.count).")
            case .quit: return .quit
            case .ended: return .ended
            }
        }
    }

    /// A choice, or why there is none.
    enum Choice: Equatable {
        case option(Int)
        case quit
        case ended
    }

    /// Runs until the participant quits, input ends, or a task is to run.
    public mutating func play() -> JourneyOutcome {
        if let notice {
            say()
            say(notice)
        } else {
            say(WelcomeScreen.introduction)
            say("Type help at any prompt for what you can type; q quits.")
        }
        var place = opening()
        while true {
            switch place {
            case .welcome: place = welcome()
            case .consent(let purpose): place = consent(purpose)
            case .dashboard(let session): place = dashboard(session)
            case .settings(let session): place = settings(session)
            case .inbox(let session): place = inbox(session)
            case .done(let outcome): return outcome
            }
        }
    }

    /// The stored enrollment's dashboard, or welcome when not enrolled.
    private func opening() -> Place {
        do {
            let services = services
            _ = waitForWork { await services.sendOutbox() }
            let (session, updatedFrom) = try waitForWork { try await services.openSession() }
            guard let session else { return .welcome }
            if let updatedFrom {
                say("The study was updated to version \(session.definition.version) (was \(updatedFrom)); see Settings for details.")
            }
            return .dashboard(session)
        } catch {
            say("Your study cannot be opened: \(JourneyFailure(error).message)")
            return .done(.quit)
        }
    }

    /// Maps a reply that ends the session.
    static func ending(_ choice: Choice) -> Place? {
        switch choice {
        case .quit: return .done(.quit)
        case .ended: return .done(.quit)
        case .option: return nil
        }
    }
}
