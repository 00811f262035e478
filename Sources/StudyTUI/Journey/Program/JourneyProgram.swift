import Foundation
import StudyCore
import TUIKit

/// The study journey as one root program in one loop: welcome → consent → dashboard ⇄ settings,
/// inbox and tasks. Where it is is one ``Destination`` with the screens it needs; a task's screen
/// is a child whose messages and commands the journey wraps (``TaskVisit``).
///
/// It is the journey's full-screen face: screens are values owned here; they return outcomes, which
/// become ``JourneyEvent``s for the transition function both faces drive (``Journey``). Where that
/// goes is shown by keeping or making the place's screen, and the effects it asks for run as
/// commands (those that ask the server as asynchronous work), whose answers come back as messages
/// and go to the journey too. Background upkeep (sending rounds, version checks, schedule timers)
/// stays here. The loop ends with an ``outcome``: quit or a signal.
///
/// ```swift
/// var loop = EventLoop(program: JourneyProgram(services: services, size: terminal.size), terminal: terminal)
/// _ = loop.run()
/// ```
public struct JourneyProgram: TerminalProgram {
    /// The outside world.
    let services: JourneyServices
    /// The terminal's size (for scrolling by pages).
    var size: Size
    /// Where the journey is.
    var destination: Destination = .starting
    /// The welcome screen; kept, so typed text survives a failed sign-up or a declined consent.
    var welcome = WelcomeScreen()
    /// The line above the help bar.
    public internal(set) var notice: Notice?
    /// Why the loop ended; nil while it runs.
    public internal(set) var outcome: JourneyOutcome?
    /// The schedule timer's generation; older ticks are ignored.
    var tickGeneration = 0
    /// The last sending state (nil: nothing is sent from here).
    var sync: SyncStatus?
    /// True while a round of sending runs (the first starts with the loop).
    var syncing = true
    /// The sending timer's generation; older ticks are ignored.
    var syncGeneration = 0
    /// Where the journey is and where it goes next: the transition function both faces drive.
    var journey = Journey(fetchesInBackground: true)
    /// When the study server was last asked for a newer version (nil: not yet since the start).
    var lastVersionCheck: Date?

    /// A journey on a terminal of `size`; `notice` greets the participant (e.g. after a task).
    public init(services: JourneyServices, size: Size, notice: Notice? = nil) {
        self.services = services
        self.size = size
        self.notice = notice
    }

    /// Inbox identifiers already offered to the store while this journey runs (not offered again).
    var offeredToInbox: Set<String> { journey.offeredToInbox }

    /// A newer version fetched while a task ran: applied when the dashboard shows again.
    var pendingUpdate: StudySession? { journey.pendingUpdate }

    /// The screen shown, by name.
    public var route: JourneyRoute { destination.route }

    /// The enrolled study, if any.
    public var session: StudySession? { destination.dashboard?.session }

    /// Reads the stored enrollment first.
    public var initialCommands: [Command<JourneyMessage>] { [start(), sendOutbox()] }

    /// Keys, resizes and signals become messages; during a task its screen reads keys and clicks.
    public func message(for event: TerminalEvent) -> JourneyMessage? {
        switch event {
        case .resize(let width, let height): return .resized(Size(width: width, height: height))
        case .signal(let signal): return .signalled(signal)
        case .key, .mouse, .tick:
            if case .task(let visit) = destination { return visit.screen.message(for: event).map(JourneyMessage.task) }
            if case .key(let key) = event { return .keyPressed(key) }
            return nil
        }
    }

    /// Applies one message.
    public mutating func update(_ message: JourneyMessage) -> [Command<JourneyMessage>] {
        switch message {
        case .keyPressed(let key): return keyPressed(key)
        case .resized(let newSize):
            size = newSize
            return taskUpdate(.resized(newSize))
        case .signalled(let signal):
            outcome = .signalled(signal)
            // A task saves its answers and its end is recorded before the loop ends.
            return taskUpdate(.signalled(signal)) + [.quit]
        case .task(let message): return taskUpdate(message)
        case .taskStarted(let result, let launch): return taskStarted(result, launch: launch)
        case .taskRecorded(let result, let title): return taskRecorded(result, title: title)
        case .started(let result, let updatedFrom): return started(result, updatedFrom: updatedFrom)
        case .invitationFound(let result): return invitationFound(result)
        case .joined(let result): return joined(result)
        case .factsLoaded(let update): return factsLoaded(update)
        case .reloaded(let result): return reloaded(result)
        case .versionChecked(let result): return versionChecked(result)
        case .consentRenewed(let result): return consentRenewed(result)
        case .exported(let result): return exported(result)
        case .left(let result): return left(result)
        case .inboxLoaded(let result): return inboxLoaded(result)
        case .markedRead(let result, let at): return markedRead(result, at: at)
        case .synced(let status): return synced(status)
        case .reset: return reset()
        case .syncStatusLoaded(let status):
            sync = status
            destination.updateSettings { $0.sync = status }
            return []
        case .syncDue(let generation):
            guard generation == syncGeneration else { return [] }
            return sendSoon()
        case .clockTicked(let generation):
            guard generation == tickGeneration, destination.dashboard != nil else { return [] }
            // During a task the dashboard is read again when it shows.
            if case .task = destination { return [] }
            return [loadFacts(fromClock: true)]
        }
    }

    /// Ends the loop with `outcome`.
    mutating func finish(_ outcome: JourneyOutcome) -> [Command<JourneyMessage>] {
        self.outcome = outcome
        return [.quit]
    }

    /// The body region's size for the current terminal.
    var bodySize: Size { JourneyFrame.body(in: size).size }
}
