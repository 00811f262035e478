import Foundation
import StudyCore

/// What the journey asks the outside world to do. Each face runs it through ``JourneyServices``
/// (the full screen as loop commands, line mode waiting for each in turn) and hands the answer back
/// as a ``JourneyEvent``.
enum JourneyEffect: Sendable, Equatable {
    /// Read the stored enrollment and open its session (answer: ``JourneyEvent/opened(_:updatedFrom:)``).
    case openSession
    /// Ask the server for the study of a sign-up (answer: ``JourneyEvent/invitationFound(_:)``).
    case lookUp(SignUpRequest)
    /// Stop a look-up under way (no answer).
    case cancelLookUp
    /// Record the consent, register and enroll (answer: ``JourneyEvent/joined(_:)``).
    case join(StudyInvitation)
    /// Record the agreement to a changed consent (answer: ``JourneyEvent/consentRenewed(_:)``).
    case renewConsent(StudySession)
    /// Read the dashboard's facts for the session in force and deliver due reminders
    /// (answer: ``JourneyEvent/factsLoaded(_:)``).
    case loadFacts
    /// Ask the server for a newer definition by itself (answer: ``JourneyEvent/versionChecked(_:)``).
    case checkVersion(StudySession)
    /// Fetch the definition again for the participant (answer: ``JourneyEvent/reloaded(_:)``).
    case reload(StudySession)
    /// Stop a reload under way (no answer; nothing of it is stored).
    case cancelReload
    /// Read the inbox (answer: ``JourneyEvent/inboxLoaded(_:)``).
    case loadInbox
    /// Mark a message read (answer: ``JourneyEvent/markedRead(_:at:)``).
    case markRead(String)
    /// Read the sending state for the settings (the face keeps it; no journey answer).
    case loadSyncStatus
    /// One round of sending (answer: ``JourneyEvent/synced(_:)``).
    case sendOutbox
    /// Export a study's results (answer: ``JourneyEvent/exported(_:)``).
    case export(studyID: String, folder: String, createFolder: Bool)
    /// Export when asked, record the withdrawal, tell the server (answer: ``JourneyEvent/left(_:)``).
    case leave(StudySession, exportTo: String?, createFolder: Bool)
    /// Prepare and show a task (answer: ``JourneyEvent/taskStarted(_:_:)``; line mode hands the
    /// task to its caller instead).
    case startTask(TaskLaunch)
}
