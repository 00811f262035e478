import Foundation

/// Which screen the journey shows.
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
    /// The study cannot be shown; the message says why.
    case failed(String)

    /// The header's name for the screen.
    var title: String {
        switch self {
        case .starting: "StudyTerm"
        case .welcome: "StudyTerm · Welcome"
        case .consent: "StudyTerm · Consent"
        case .dashboard: "StudyTerm · Dashboard"
        case .settings: "StudyTerm · Settings"
        case .inbox: "StudyTerm · Messages"
        case .failed: "StudyTerm · Problem"
        }
    }
}
