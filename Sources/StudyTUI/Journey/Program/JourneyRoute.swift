import Foundation

/// Which screen the journey shows, by name (see ``Destination``, which holds the screens).
public enum JourneyRoute: Sendable, Equatable {
    /// Reading the stored enrollment.
    case starting
    /// Sign-up.
    case welcome
    /// The consent of the study being joined.
    case consent
    /// The study's tasks.
    case dashboard
    /// Study details, reload, export, leave.
    case settings
    /// Reminders and messages.
    case inbox
    /// After leaving: what happened to the data and the study's closing text.
    case farewell
    /// The study cannot be shown; the message says why.
    case failed(String)
    /// A task.
    case task

    /// The header's name for the screen.
    var title: String {
        switch self {
        case .starting: "StudyTerm"
        case .welcome: "StudyTerm · Welcome"
        case .consent: "StudyTerm · Consent"
        case .dashboard: "StudyTerm · Dashboard"
        case .settings: "StudyTerm · Settings"
        case .inbox: "StudyTerm · Messages"
        case .farewell: "StudyTerm · You left the study"
        case .failed: "StudyTerm · Problem"
        case .task: "StudyTerm · Task"
        }
    }
}
