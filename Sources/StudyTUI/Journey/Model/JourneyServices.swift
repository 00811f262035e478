import Foundation
import StudyCore

/// Everything the journey needs from the outside world, as closures the executable builds over
/// the store and the study server. Tests pass in-memory fakes. Closures run inside loop commands,
/// never inside `update`.
public struct JourneyServices: Sendable {
    /// The wall-clock time.
    public var now: @Sendable () -> Date
    /// The participant's time zone (schedules are wall-clock times in it).
    public var timeZone: TimeZone
    /// Where studies come from.
    public var server: any StudyServer
    /// The current enrollment, if the participant is in a study.
    public var loadMembership: @Sendable () throws -> StudyMembership?
    /// What the dashboard shows for a study; `since` bounds the completions read.
    public var loadFacts: @Sendable (_ studyID: String, _ since: Date) throws -> DashboardFacts
    /// Stores proof of consent. Called before anything else when the participant agrees.
    public var recordConsent: @Sendable (ConsentAgreement) throws -> Void
    /// True when the latest stored consent of the agreement's study was given to exactly its text;
    /// false when the study has changed the text (or its notices) since.
    public var consentCovers: @Sendable (ConsentAgreement) throws -> Bool
    /// Stores the enrollment (after consent and registration); returns it as stored, with its
    /// participant identifier (made by the store when the server gave none).
    public var enroll: @Sendable (StudyMembership) throws -> StudyMembership
    /// Records a reloaded definition's version; never deletes data.
    public var updateStudyVersion: @Sendable (_ studyID: String, _ version: String) throws -> Void
    /// Records that the participant left and enqueues it for the server; keeps all data.
    public var withdraw: @Sendable (_ studyID: String, _ at: Date) throws -> Void
    /// Writes every result of the study to files in a new folder inside `folder` (never inside the
    /// private data folder); returns a sentence saying where, with the whole path. A `folder` that
    /// does not exist is made only with `createFolder` (else ``JourneyFailure/folderMissing(_:)``).
    public var exportData: @Sendable (_ studyID: String, _ folder: String, _ createFolder: Bool) throws -> String
    /// The folder exports are offered to go to (the current folder).
    public var exportFolder: String
    /// Stores inbox messages, ignoring ones already stored; returns those that were new.
    public var deliver: @Sendable ([InboxMessage]) throws -> [InboxMessage]
    /// Every inbox message, newest first.
    public var loadInbox: @Sendable () throws -> [InboxMessage]
    /// Marks a message read.
    public var markRead: @Sendable (_ id: String, _ at: Date) throws -> Void
    /// Sends what waits in the outbox to the study servers and fetches their messages into the
    /// inbox (one round, with backoff); returns the sending state, nil when no study here has a server.
    public var sendOutbox: @Sendable () async -> SyncStatus?
    /// The sending state, nil when no study here has a server.
    public var loadSyncStatus: @Sendable () throws -> SyncStatus?
    /// Prepares a task the dashboard launched: its run, new or restored, and where its answers go.
    public var startTask: @Sendable (TaskLaunch) -> Result<TaskStart, JourneyFailure>

    /// Services from their closures.
    public init(now: @escaping @Sendable () -> Date, timeZone: TimeZone, server: any StudyServer,
                loadMembership: @escaping @Sendable () throws -> StudyMembership?,
                loadFacts: @escaping @Sendable (String, Date) throws -> DashboardFacts,
                recordConsent: @escaping @Sendable (ConsentAgreement) throws -> Void,
                consentCovers: @escaping @Sendable (ConsentAgreement) throws -> Bool,
                enroll: @escaping @Sendable (StudyMembership) throws -> StudyMembership,
                updateStudyVersion: @escaping @Sendable (String, String) throws -> Void,
                withdraw: @escaping @Sendable (String, Date) throws -> Void,
                exportData: @escaping @Sendable (String, String, Bool) throws -> String, exportFolder: String,
                deliver: @escaping @Sendable ([InboxMessage]) throws -> [InboxMessage],
                loadInbox: @escaping @Sendable () throws -> [InboxMessage],
                markRead: @escaping @Sendable (String, Date) throws -> Void,
                startTask: @escaping @Sendable (TaskLaunch) -> Result<TaskStart, JourneyFailure> = { launch in
                    .failure(.taskCannotLoad(task: launch.task.title, reason: "tasks cannot run here"))
                },
                sendOutbox: @escaping @Sendable () async -> SyncStatus? = { nil },
                loadSyncStatus: @escaping @Sendable () throws -> SyncStatus? = { nil }) {
        self.now = now
        self.timeZone = timeZone
        self.server = server
        self.loadMembership = loadMembership
        self.loadFacts = loadFacts
        self.recordConsent = recordConsent
        self.consentCovers = consentCovers
        self.enroll = enroll
        self.updateStudyVersion = updateStudyVersion
        self.withdraw = withdraw
        self.exportData = exportData
        self.exportFolder = exportFolder
        self.deliver = deliver
        self.loadInbox = loadInbox
        self.startTask = startTask
        self.markRead = markRead
        self.sendOutbox = sendOutbox
        self.loadSyncStatus = loadSyncStatus
    }
}
