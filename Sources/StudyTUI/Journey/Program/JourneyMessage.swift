import Foundation
import StudyCore
import TUIKit

/// Everything that can happen to the journey: terminal events and the answers of service calls.
public enum JourneyMessage: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The terminal changed size.
    case resized(Size)
    /// A termination signal arrived.
    case signalled(TerminalSignal)
    /// The stored enrollment and its definition were read (nil: not in a study); `updatedFrom`
    /// names the version recorded before, when the definition's version had changed.
    case started(Result<StudySession?, JourneyFailure>, updatedFrom: String?)
    /// The study server answered a sign-up.
    case invitationFound(Result<StudyInvitation, SignUpError>)
    /// Consent, registration and enrollment were stored (in that order).
    case joined(Result<StudySession, JourneyFailure>)
    /// The dashboard's facts were read, and due reminders and messages offered to the inbox.
    case factsLoaded(FactsUpdate)
    /// The definition was fetched again (and its version recorded when it changed): the session
    /// it makes, with whether the stored consent covers its consent text.
    case reloaded(Result<StudySession, JourneyFailure>)
    /// The journey asked the server for a newer version by itself (at start, hourly on the sending
    /// round, every round while the tasks are missing): the session it makes, or why it failed.
    case versionChecked(Result<StudySession, JourneyFailure>)
    /// The participant agreed again to a changed consent, and it was recorded.
    case consentRenewed(Result<StudySession, JourneyFailure>)
    /// The data was exported; the sentence says where.
    case exported(Result<String, JourneyFailure>)
    /// The participant left the study; the paragraphs say what happened to the data, then the
    /// study's closing text.
    case left(Result<[String], JourneyFailure>)
    /// The inbox was read.
    case inboxLoaded(Result<[InboxMessage], JourneyFailure>)
    /// A message was marked read.
    case markedRead(Result<String, JourneyFailure>, at: Date)
    /// A round of sending ended (nil: no study here has a server).
    case synced(SyncStatus?)
    /// The sending state was read (for Settings).
    case syncStatusLoaded(SyncStatus?)
    /// The sending timer fired; stale generations are ignored.
    case syncDue(generation: Int)
    /// A schedule timer fired; stale generations are ignored.
    case clockTicked(generation: Int)
    /// A message for the task screen shown.
    case task(TaskScreen.Message)
    /// A launched task was prepared (its run new or restored), or cannot be.
    case taskStarted(Result<TaskStart, JourneyFailure>, TaskLaunch)
    /// A parent above the journey (a kiosk station) ended the participant's session: the journey
    /// shows welcome with nothing of the session kept (its screens, notices and timers dropped).
    case reset
    /// A task's end was recorded, or could not be.
    case taskRecorded(Result<FinishReason, JourneyFailure>, title: String)
}
