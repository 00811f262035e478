import Foundation
import StudyCore

/// What a study station's program needs from the outside world, as closures the executable builds
/// over the store and the audit log (StudyTUI never touches either). Tests pass in-memory fakes.
/// Every closure runs inside a synchronous loop command, never inside `update`.
public struct KioskServices: Sendable {
    /// A session that is about to begin: its identifier, the language chosen and the participant's
    /// identifier (normalized; nil when the station is anonymous).
    public struct Opening: Sendable, Equatable {
        /// The session's identifier.
        public var sessionID: UUID
        /// The language in force (a BCP 47 tag).
        public var language: String
        /// The participant's identifier, as entered and checked (nil: anonymous).
        public var participantID: String?

        /// An opening.
        public init(sessionID: UUID, language: String, participantID: String? = nil) {
            (self.sessionID, self.language, self.participantID) = (sessionID, language, participantID)
        }
    }

    /// A participant's agreement to the study's consent, in the session's language.
    public struct Agreement: Sendable, Equatable {
        /// The session's identifier (its enrollment owns the consent).
        public var sessionID: UUID
        /// The language the consent was shown in (a BCP 47 tag).
        public var language: String

        /// An agreement.
        public init(sessionID: UUID, language: String) { (self.sessionID, self.language) = (sessionID, language) }
    }

    /// A session that has ended: what the store and the audit log record of it.
    public struct Closing: Sendable, Equatable {
        /// The session's identifier.
        public var sessionID: UUID
        /// Why it ended.
        public var reason: KioskSessionEndReason
        /// How many of its tasks the participant finished.
        public var tasksCompleted: Int

        /// A closing.
        public init(sessionID: UUID, reason: KioskSessionEndReason, tasksCompleted: Int) {
            (self.sessionID, self.reason, self.tasksCompleted) = (sessionID, reason, tasksCompleted)
        }
    }

    /// The wall-clock time.
    public var now: @Sendable () -> Date
    /// Begins a session durably (its own enrollment, under the participant's identifier when one was
    /// entered); returns the withdrawal code the thank-you shows (ignored unless anonymous).
    public var beginSession: @Sendable (Opening) -> Result<String, JourneyFailure>
    /// Prepares the session's next plan task: its run, its environment (autosave into the session),
    /// and its `finish`, which records the finished task durably.
    public var startTask: @Sendable (_ sessionID: UUID, _ taskID: String) -> Result<TaskStart, JourneyFailure>
    /// Ends a session durably, once (its unfinished runs by the partial-answer policy), and audits it.
    public var endSession: @Sendable (Closing) -> Result<Void, JourneyFailure>
    /// Checks a PIN typed at the admin prompt against the station's PIN file under the lockout,
    /// records the lockout and audits the outcome. Slow by design (the key derivation): the
    /// program runs it as asynchronous work.
    public var checkAdminPIN: @Sendable (String) -> KioskAdminCheck
    /// Sends the station's waiting results to the study server now (one round). The program runs
    /// it as asynchronous work.
    public var syncNow: @Sendable () async -> KioskSyncReport
    /// The station's status as it is now (the status screen and the status file), nil when the
    /// station keeps none.
    public var status: @Sendable () -> KioskStatus?
    /// The admin menu's other actions (pause, export, test session, audit).
    public var admin = KioskAdminServices()
    /// Stores the participant's agreement to the study's consent under the session's enrollment,
    /// with the language it was shown in.
    public var recordConsent: @Sendable (Agreement) -> Result<Void, JourneyFailure>

    /// Services from their closures. Without `checkAdminPIN` no PIN opens the admin menu; without
    /// `syncNow` the station sends nothing; without `status` it reports none; without
    /// `recordConsent` no consent can be stored (a station showing one cannot start a session).
    public init(now: @escaping @Sendable () -> Date,
                beginSession: @escaping @Sendable (Opening) -> Result<String, JourneyFailure>,
                startTask: @escaping @Sendable (UUID, String) -> Result<TaskStart, JourneyFailure>,
                endSession: @escaping @Sendable (Closing) -> Result<Void, JourneyFailure>,
                checkAdminPIN: @escaping @Sendable (String) -> KioskAdminCheck = { _ in .unavailable("this station has no admin PIN check") },
                syncNow: @escaping @Sendable () async -> KioskSyncReport = { .unavailable("this station sends to no study server") },
                status: @escaping @Sendable () -> KioskStatus? = { nil },
                recordConsent: @escaping @Sendable (Agreement) -> Result<Void, JourneyFailure> = { _ in .failure(.storage("this station stores no consent")) }) {
        (self.now, self.beginSession, self.startTask, self.endSession) = (now, beginSession, startTask, endSession)
        (self.checkAdminPIN, self.syncNow, self.status, self.recordConsent) = (checkAdminPIN, syncNow, status, recordConsent)
    }
}
