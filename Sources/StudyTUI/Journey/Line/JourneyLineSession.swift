import Foundation
import StudyCore
import TUIKit

/// The journey as plain numbered line prompts, for screen readers, dumb terminals and no terminal
/// at all (`--accessible`, `ACCESSIBLE=1`, `TERM=dumb`, or standard input or output not a
/// terminal), the way `run` asks a task in line mode. It is the journey's second face: the same
/// transition function as the full screen decides where to go (``Journey``); this face only asks
/// for the place it is in, turns typed replies into events, and runs the effects through the same
/// services (``JourneyServices``), waiting for each. A task started here ends the session with
/// ``JourneyOutcome/runTask(_:)``; the executable runs it in line mode and starts a new session.
/// `q` quits at any prompt, `help` explains it, and the end of input quits.
public struct JourneyLineSession {
    /// The outside world.
    let services: JourneyServices
    /// Writes text as it is (lines end with a newline).
    let output: (String) -> Void
    /// Reads one line; nil at the end of input.
    let readLine: () -> String?
    /// What to say first (how the last task ended).
    var notice: String?
    /// Where the journey is and where it goes next (line mode has no background: a dashboard
    /// whose tasks are missing fetches them before its facts are read).
    var journey = Journey(fetchesInBackground: false)
    /// The dashboard's facts as last read.
    var facts: FactsUpdate?
    /// The inbox as last read.
    var inbox: Result<[InboxMessage], JourneyFailure>?
    /// The sending state as read when the settings opened (nil: nothing is sent from here).
    var syncStatus: SyncStatus?
    /// A task the journey asked to start: the session ends and hands it to its caller.
    var handedOff: TaskLaunch?
    /// True after agreeing failed to be recorded: the consent asks only its last question again.
    var consentFailed = false

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
        // What waits is sent before the study opens (line mode has no background round).
        let services = services
        _ = waitForWork { await services.sendOutbox() }
        perform(journey.start())
        return proceed()
    }

    /// Asks for the place the journey is in, and on, until the participant quits, input ends, or
    /// a task is to run (after ``reset()``, from welcome).
    public mutating func proceed() -> JourneyOutcome {
        while true {
            if let launch = handedOff {
                handedOff = nil
                return .runTask(launch)
            }
            if case .ended(let outcome) = journey.place { return outcome }
            for event in askForPlace() { drive(event) }
        }
    }

    /// A parent above the journey (a kiosk station) ended the participant's session: the journey
    /// is at welcome again, and nothing of the session is kept here (facts, messages, a task
    /// handed off). ``proceed()`` goes on from welcome.
    public mutating func reset() {
        perform(journey.handle(.reset))
        (facts, inbox, syncStatus, handedOff, consentFailed) = (nil, nil, nil, nil, false)
    }

    /// Asks for the place the journey is in; returns the events the reply makes (none: ask again).
    mutating func askForPlace() -> [JourneyEvent] {
        switch journey.place {
        case .starting, .task: return [.quit]   // never asked: opening answers first, tasks are handed off
        case .failed(let message):
            say(message)
            return [.quit]
        case .welcome: return welcome()
        case .joining(let invitation): return consent(.joining(invitation))
        case .renewingConsent(let session): return consent(.renewing(session))
        case .dashboard(let session): return dashboard(session)
        case .settings(let session): return settings(session)
        case .inbox: return inboxReply()
        case .farewell(let paragraphs):
            paragraphs.forEach { say($0) }
            return [.farewellRead]
        case .ended: return []
        }
    }

    /// Maps a choice that ends the session to quitting.
    static func ending(_ choice: Choice) -> [JourneyEvent]? {
        switch choice {
        case .quit, .ended: return [.quit]
        case .option: return nil
        }
    }
}
