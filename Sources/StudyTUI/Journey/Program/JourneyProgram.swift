import Foundation
import StudyCore
import TUIKit

/// The study journey as one Elm-style program: welcome → consent → dashboard ⇄ settings/inbox.
///
/// Screens are values owned here; they return outcomes and this program turns them into service
/// calls (``Command/perform(_:)``), whose answers come back as messages. The loop ends with an
/// ``outcome``: quit, a signal, or a task to run, which the executable runs on the same terminal
/// before starting a new journey (that reloads the dashboard):
///
/// ```swift
/// var loop = EventLoop(program: JourneyProgram(services: services, size: terminal.size), terminal: terminal)
/// _ = loop.run()
/// if case .runTask(let launch)? = loop.program.outcome { /* run it, then loop again */ }
/// ```
public struct JourneyProgram: TerminalProgram {
    /// The outside world.
    let services: JourneyServices
    /// The terminal's size (for scrolling by pages).
    var size: Size
    /// The screen shown.
    public internal(set) var route: JourneyRoute = .starting
    /// The welcome screen; kept, so typed text survives a failed sign-up or a declined consent.
    var welcome = WelcomeScreen()
    /// The consent of the study being joined, or of the enrolled study when it changed.
    var consent: ConsentScreen?
    /// The dashboard, while enrolled.
    var dashboard: DashboardScreen?
    /// The settings, while open.
    var settings: SettingsScreen?
    /// The inbox, while open.
    var inbox: InboxScreen?
    /// What leaving did, shown once after leaving.
    var farewell: FarewellScreen?
    /// The line above the help bar.
    public internal(set) var notice: Notice?
    /// Why the loop ended; nil while it runs.
    public internal(set) var outcome: JourneyOutcome?
    /// The schedule timer's generation; older ticks are ignored.
    var tickGeneration = 0
    /// Inbox identifiers already offered to the store while this journey runs (not offered again).
    var offeredToInbox: Set<String> = []

    /// A journey on a terminal of `size`; `notice` greets the participant (e.g. after a task).
    public init(services: JourneyServices, size: Size, notice: Notice? = nil) {
        self.services = services
        self.size = size
        self.notice = notice
    }

    /// The enrolled study, if any.
    public var session: StudySession? { dashboard?.session }

    /// Reads the stored enrollment first.
    public var initialCommands: [Command<JourneyMessage>] { [start()] }

    /// Keys, resizes and signals become messages.
    public func message(for event: TerminalEvent) -> JourneyMessage? {
        switch event {
        case .key(let key): .keyPressed(key)
        case .resize(let width, let height): .resized(Size(width: width, height: height))
        case .signal(let signal): .signalled(signal)
        case .mouse, .tick: nil
        }
    }

    /// Applies one message.
    public mutating func update(_ message: JourneyMessage) -> [Command<JourneyMessage>] {
        switch message {
        case .keyPressed(let key): return keyPressed(key)
        case .resized(let newSize): size = newSize; return []
        case .signalled(let signal): outcome = .signalled(signal); return [.quit]
        case .started(let result, let updatedFrom): return started(result, updatedFrom: updatedFrom)
        case .invitationFound(let result): return invitationFound(result)
        case .joined(let result): return joined(result)
        case .factsLoaded(let update): return factsLoaded(update)
        case .reloaded(let result): return reloaded(result)
        case .consentRenewed(let result): return consentRenewed(result)
        case .exported(let result): return exported(result)
        case .left(let result): return left(result)
        case .inboxLoaded(let result): return inboxLoaded(result)
        case .markedRead(let result, let at): return markedRead(result, at: at)
        case .clockTicked(let generation):
            guard generation == tickGeneration, dashboard != nil else { return [] }
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
