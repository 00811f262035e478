import Foundation
import StudyCore
import TUIKit

/// The journey as plain numbered line prompts, for screen readers, dumb terminals and no terminal
/// at all (`--accessible`, `ACCESSIBLE=1`, `TERM=dumb`, or standard input or output not a
/// terminal), the way `run` asks a task in line mode. It is the journey's second face: the same
/// transition function as the full screen decides where to go (``Journey``); this face only asks
/// for the place it is in, turns typed replies into events, and runs the effects through the same
/// services (``JourneyServices``), waiting for each. A task started here is asked in line prompts
/// (``LineSession``) inside the same session, and its end goes back to the same journey
/// (``JourneyEvent/taskRecorded(_:title:)``), as on the full screen: one journey from start to quit.
/// `q` quits at any prompt, `help` explains it, and the end of input quits. With a
/// ``LinePromptTimeout`` (a kiosk station) a prompt left unanswered warns, then ends the session
/// with ``JourneyOutcome/timedOut``; the caller then calls ``reset()`` and ``proceed()``.
public struct JourneyLineSession {
    /// The outside world.
    let services: JourneyServices
    /// Writes text as it is (lines end with a newline).
    let output: (String) -> Void
    /// Reads the participant's replies, with the idle timeout when one is given.
    let replies: LineReplies
    /// Waits between the moments of a timed task step (seconds).
    let sleep: (Double) -> Void
    /// The columns a task's lines are wrapped to.
    let width: Int
    /// Where the journey is and where it goes next (line mode has no background: a dashboard
    /// whose tasks are missing fetches them before its facts are read).
    var journey = Journey(fetchesInBackground: false)
    /// The dashboard's facts as last read.
    var facts: FactsUpdate?
    /// The inbox as last read.
    var inbox: Result<[InboxMessage], JourneyFailure>?
    /// The sending state as read when the settings opened (nil: nothing is sent from here).
    var syncStatus: SyncStatus?
    /// The task the journey started, ready to be asked (its run, environment and finish).
    var started: TaskStart?
    /// True after agreeing failed to be recorded: the consent asks only its last question again.
    var consentFailed = false
    /// When input ended during a task: how the task was recorded, said last (a caller whose
    /// output has gone can say it elsewhere, on standard error).
    public internal(set) var closingNotice: String?

    /// A session over `services` reading replies with `read` (a line, or nothing before the
    /// deadline, on `timeout`'s clock); without a `timeout` prompts wait for ever. A task's timed
    /// steps wait with `sleep`, and its lines are wrapped to `width` columns.
    public init(services: JourneyServices, output: @escaping (String) -> Void, read: @escaping (_ deadline: Duration?) -> LineRead,
                timeout: LinePromptTimeout? = nil, sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) },
                width: Int = 80) {
        self.services = services
        self.output = output
        self.replies = LineReplies(read: read, output: output, timeout: timeout)
        self.sleep = sleep
        self.width = width
    }

    /// A session without a timeout reading lines with `readLine` (nil at the end of input).
    public init(services: JourneyServices, output: @escaping (String) -> Void, readLine: @escaping () -> String?,
                sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }, width: Int = 80) {
        self.init(services: services, output: output, read: { _ in readLine().map(LineRead.line) ?? .ended }, sleep: sleep, width: width)
    }

    /// What a prompt got.
    enum Reply: Equatable {
        /// A line (trimmed).
        case text(String)
        /// `q` or `quit`.
        case quit
        /// The end of input, or the prompt expired (``LineReplies/timedOut`` says which).
        case ended
    }

    /// Prints `text` and a line break.
    func say(_ text: String = "") { output(Sanitizer.sanitizeParagraphs(text) + "\n") }

    /// Prints `prompt` and reads a reply; `help` prints `help` and asks again.
    func ask(_ prompt: String, help: String) -> Reply {
        while true {
            output(Sanitizer.sanitizeParagraphs(prompt) + "\n> ")
            guard let line = replies.next() else {
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
    /// quits, input ends or the prompt expires.
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

    /// Runs until the participant quits, input ends, or (with a timeout) a prompt expires.
    public mutating func play() -> JourneyOutcome {
        say(WelcomeScreen.introduction)
        say("Type help at any prompt for what you can type; q quits.")
        // What waits is sent before the study opens (line mode has no background round).
        let services = services
        _ = waitForWork { await services.sendOutbox() }
        perform(journey.start())
        return proceed()
    }

    /// Asks for the place the journey is in, and on, until the participant quits, input ends, or
    /// (with a timeout) a prompt expires (after ``reset()``, from welcome).
    public mutating func proceed() -> JourneyOutcome {
        while true {
            if replies.timedOut { return .timedOut }
            if case .ended(let outcome) = journey.place { return outcome }
            // Welcome itself never times out: it waits for the next participant.
            replies.waitsForever = journey.place == .welcome
            let events = askForPlace()
            for event in events where !replies.timedOut { drive(event) }
        }
    }

    /// A parent above the journey (a kiosk station) ended the participant's session: the journey
    /// is at welcome again, and nothing of the session is kept here (facts, messages, a task
    /// started, a timeout). ``proceed()`` goes on from welcome.
    public mutating func reset() {
        replies.rearm()
        perform(journey.handle(.reset))
        (facts, inbox, syncStatus, started, consentFailed, closingNotice) = (nil, nil, nil, nil, false, nil)
    }

    /// Asks for the place the journey is in; returns the events the reply makes (none: ask again).
    mutating func askForPlace() -> [JourneyEvent] {
        switch journey.place {
        case .starting: return [.quit]   // never asked: opening answers first
        case .task(let launch, _): return askTask(launch)
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
