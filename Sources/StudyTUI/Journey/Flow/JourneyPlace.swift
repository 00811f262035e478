import Foundation
import StudyCore

/// Where the journey is, in the study's terms and not a screen's: what the full screen draws and
/// what line mode asks. Each case carries what that step needs and nothing else.
enum JourneyPlace: Sendable, Equatable {
    /// Reading the stored enrollment.
    case starting
    /// The study cannot be shown; the message says why.
    case failed(String)
    /// Sign-up: an address and a token, or the demo study.
    case welcome
    /// The consent of the study being joined.
    case joining(StudyInvitation)
    /// The study changed its consent: agreed to again before the next task.
    case renewingConsent(StudySession)
    /// The study's tasks.
    case dashboard(StudySession)
    /// Study details, reload, sending, export, leave.
    case settings(StudySession)
    /// Reminders and messages.
    case inbox(StudySession)
    /// After leaving: what happened to the data, then the study's closing text.
    case farewell([String])
    /// A task runs; the dashboard of `session` shows when it ends.
    case task(TaskLaunch, StudySession)
    /// The journey is over, for this reason.
    case ended(JourneyOutcome)

    /// The enrolled study, in every place that has one.
    var session: StudySession? {
        switch self {
        case .renewingConsent(let s), .dashboard(let s), .settings(let s), .inbox(let s), .task(_, let s): s
        case .starting, .failed, .welcome, .joining, .farewell, .ended: nil
        }
    }

    /// The same place with its session replaced (places without one are unchanged).
    func with(_ session: StudySession) -> JourneyPlace {
        switch self {
        case .renewingConsent: .renewingConsent(session)
        case .dashboard: .dashboard(session)
        case .settings: .settings(session)
        case .inbox: .inbox(session)
        case .task(let launch, _): .task(launch, session)
        case .starting, .failed, .welcome, .joining, .farewell, .ended: self
        }
    }

    /// True on the dashboard itself.
    var isDashboard: Bool {
        if case .dashboard = self { true } else { false }
    }
}
