import Foundation
import StudyCore

/// Where a study station is: one of its screens, with what it needs to draw.
public enum KioskScreen {
    /// The attract screen: the station's name and "Press Enter to begin". Never times out.
    case welcome
    /// The language chooser; the highlighted language's index.
    case language(highlighted: Int)
    /// The session is being begun, or its next task prepared (nothing to show but a wait).
    case preparing
    /// A plan task runs.
    case task(KioskTaskVisit)
    /// The session has ended as completed; the withdrawal code is shown.
    case thankYou(withdrawalCode: String?)
    /// Staff's PIN prompt, opened by the hidden chord (Ctrl-A, then Ctrl-K within 2 s) on welcome, the
    /// language chooser or a task (whose session waits behind it).
    case adminPIN(KioskPINPrompt)
    /// Staff's menu after the right PIN; the highlighted entry's index (``KioskProgram/adminEntries``).
    case adminMenu(highlighted: Int)
    /// What an admin menu entry shows (status, sync, export).
    case admin(KioskAdminPanel)
    /// The participant (or staff) enters the participant's identifier, by the station's mode.
    case identify(KioskIdentifyPrompt)
    /// The study's consent, after identification and before the first task.
    case consent(KioskConsentVisit)

    /// The screen's name (for tests and the status file).
    public var name: String {
        switch self {
        case .welcome: "welcome"
        case .language: "language"
        case .preparing: "preparing"
        case .task: "task"
        case .thankYou: "thank-you"
        case .adminPIN: "admin-pin"
        case .adminMenu: "admin-menu"
        case .admin(let panel): "admin-\(panel.action.rawValue)"
        case .identify: "identify"
        case .consent: "consent"
        }
    }
}

/// A plan task showing at a station: its screen and how its end is recorded.
public struct KioskTaskVisit {
    /// The task's screen (a child of the station program).
    public var screen: TaskScreen
    /// The task's identifier.
    public var taskID: String
    /// Records how the run ended.
    public var finish: @Sendable (TaskRun) -> Result<FinishReason, JourneyFailure>
}
