import Foundation
import StudyCore
import TUIKit

/// Where the journey is: each screen with what it needs and nothing else, so that no state can
/// name a screen that is not there. The screens under the dashboard carry it, to return to it as
/// it was; the welcome screen lives on the program (typed text survives a failed sign-up).
enum Destination {
    /// Reading the stored enrollment.
    case starting
    /// The study cannot be shown; the message says why.
    case failed(String)
    /// Sign-up.
    case welcome
    /// The consent of the study being joined.
    case joining(ConsentScreen)
    /// The study's tasks.
    case dashboard(DashboardScreen)
    /// The study's changed consent, agreed to again before the next task.
    case renewingConsent(ConsentScreen, DashboardScreen)
    /// Study details, reload, export, leave.
    case settings(SettingsScreen, DashboardScreen)
    /// Reminders and messages.
    case inbox(InboxScreen, DashboardScreen)
    /// After leaving: what happened to the data and the study's closing text.
    case farewell(FarewellScreen)
    /// A task, its screen a child of the journey in the same loop.
    case task(TaskVisit)

    /// The dashboard this destination shows or returns to, when enrolled.
    var dashboard: DashboardScreen? {
        switch self {
        case .dashboard(let d), .renewingConsent(_, let d), .settings(_, let d), .inbox(_, let d): d
        case .task(let visit): visit.dashboard
        case .starting, .failed, .welcome, .joining, .farewell: nil
        }
    }

    /// Applies `change` to the dashboard this destination shows or returns to.
    mutating func updateDashboard(_ change: (inout DashboardScreen) -> Void) {
        switch self {
        case .dashboard(var d): change(&d); self = .dashboard(d)
        case .renewingConsent(let c, var d): change(&d); self = .renewingConsent(c, d)
        case .settings(let s, var d): change(&d); self = .settings(s, d)
        case .inbox(let i, var d): change(&d); self = .inbox(i, d)
        case .task(var visit): change(&visit.dashboard); self = .task(visit)
        case .starting, .failed, .welcome, .joining, .farewell: break
        }
    }

    /// Applies `change` to the settings, when they are shown.
    mutating func updateSettings(_ change: (inout SettingsScreen) -> Void) {
        guard case .settings(var s, let d) = self else { return }
        change(&s)
        self = .settings(s, d)
    }

    /// Applies `change` to the consent shown, joining or renewing.
    mutating func updateConsent(_ change: (inout ConsentScreen) -> Void) {
        switch self {
        case .joining(var c): change(&c); self = .joining(c)
        case .renewingConsent(var c, let d): change(&c); self = .renewingConsent(c, d)
        default: break
        }
    }

    /// Applies `change` to the inbox, when it is shown.
    mutating func updateInbox(_ change: (inout InboxScreen) -> Void) {
        guard case .inbox(var i, let d) = self else { return }
        change(&i)
        self = .inbox(i, d)
    }

    /// The screen's name for headers and tests.
    var route: JourneyRoute {
        switch self {
        case .starting: .starting
        case .failed(let message): .failed(message)
        case .welcome: .welcome
        case .joining, .renewingConsent: .consent
        case .dashboard: .dashboard
        case .settings: .settings
        case .inbox: .inbox
        case .farewell: .farewell
        case .task: .task
        }
    }
}

/// A task the participant is doing, inside the journey: its screen (a child program whose
/// messages and commands the journey wraps), what it was launched with, how its end is recorded,
/// and the dashboard to return to.
struct TaskVisit {
    /// The task's screen.
    var screen: TaskScreen
    /// What the dashboard launched.
    let launch: TaskLaunch
    /// Records how the run ended (the store's finish), once.
    let finish: @Sendable (TaskRun) -> Result<FinishReason, JourneyFailure>
    /// The dashboard to return to.
    var dashboard: DashboardScreen
}

/// A task ready to show: its run (new, or restored with the same run UUID), the environment its
/// screen stores answers through, and how its end is recorded. The executable makes it (the
/// journey's services' `startTask`), since StudyTUI does no I/O.
public struct TaskStart: Sendable {
    public var run: TaskRun
    public var environment: TaskEnvironment
    public var finish: @Sendable (TaskRun) -> Result<FinishReason, JourneyFailure>

    public init(run: TaskRun, environment: TaskEnvironment, finish: @escaping @Sendable (TaskRun) -> Result<FinishReason, JourneyFailure>) {
        self.run = run
        self.environment = environment
        self.finish = finish
    }
}
