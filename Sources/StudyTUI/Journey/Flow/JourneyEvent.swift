import Foundation
import StudyCore

/// What happens to the journey, in the study's terms: what the participant chose (each face reads
/// it its own way, keys or typed replies) and what the services answered.
enum JourneyEvent: Sendable {
    // What the participant chose.

    /// Look up the study at this address with this token (``SignUpRequest/demo`` for the demo).
    case signUp(SignUpRequest)
    /// Stop looking up the study.
    case stopLookingUp
    /// Agree to the consent shown.
    case agree
    /// Decline the consent shown.
    case decline
    /// Open the study's changed consent from the dashboard.
    case reviewConsent
    /// Start (or resume) this task.
    case launch(TaskLaunch)
    /// Show the inbox (again, to list it anew).
    case openInbox
    /// Show the settings.
    case openSettings
    /// Read the dashboard's facts again.
    case refresh
    /// Back to the dashboard from settings or the inbox.
    case back
    /// Fetch the study's definition again.
    case reload
    /// Stop the reload and go back to the dashboard; nothing of it is stored.
    case stopReloading
    /// Send what waits in the outbox now.
    case sendNow
    /// Export every result into a new folder inside `folder` (made first when `createFolder`).
    case export(folder: String, createFolder: Bool)
    /// Leave the study, exporting into `exportTo` first when given.
    case leave(exportTo: String?, createFolder: Bool)
    /// The participant read this unread message.
    case messageRead(String)
    /// The farewell was read: on to welcome.
    case farewellRead
    /// Leave StudyTerm.
    case quit
    /// A parent above the journey ended the participant's session: welcome, with nothing of it kept.
    case reset

    // What the services answered.

    /// The stored enrollment was read (nil: not in a study); `updatedFrom` names a replaced version.
    case opened(Result<StudySession?, JourneyFailure>, updatedFrom: String?)
    /// The server answered a sign-up.
    case invitationFound(Result<StudyInvitation, SignUpError>)
    /// Consent, registration and enrollment were stored.
    case joined(Result<StudySession, JourneyFailure>)
    /// The agreement to a changed consent was recorded.
    case consentRenewed(Result<StudySession, JourneyFailure>)
    /// The dashboard's facts were read.
    case factsLoaded(FactsUpdate)
    /// The participant's reload of the definition ended.
    case reloaded(Result<StudySession, JourneyFailure>)
    /// A version check the journey asked for by itself ended.
    case versionChecked(Result<StudySession, JourneyFailure>)
    /// The export ended; the sentence says where.
    case exported(Result<String, JourneyFailure>)
    /// Leaving ended; the paragraphs say what happened.
    case left(Result<[String], JourneyFailure>)
    /// The inbox was read.
    case inboxLoaded(Result<[InboxMessage], JourneyFailure>)
    /// A message was marked read.
    case markedRead(Result<String, JourneyFailure>, at: Date)
    /// A round of sending ended (nil: nothing is sent from here).
    case synced(SyncStatus?)
    /// A launched task was prepared, or cannot be.
    case taskStarted(Result<TaskStart, JourneyFailure>, TaskLaunch)
    /// A task's end was recorded, or could not be.
    case taskRecorded(Result<FinishReason, JourneyFailure>, title: String)
}
