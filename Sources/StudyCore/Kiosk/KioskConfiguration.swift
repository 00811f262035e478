import Foundation

/// A study station's configuration (`station.json`): which study it runs, in what order, how
/// participants identify themselves, its timeouts and what it keeps. Decoded strictly by
/// `KioskConfiguration/decode(_:file:)`: an unknown key or a bad value is a
/// `KioskConfigurationError` naming the file, the JSON path and the reason.
public struct KioskConfiguration: Sendable, Equatable {
    /// The only `formatVersion` this StudyTerm reads.
    public static let formatVersion = 1

    /// The station's name in the status file, the audit log and the server (`lobby-1`).
    public var stationID: String
    /// Where the study comes from.
    public var study: KioskStudySource
    /// The station's data folder (absolute, or resolved against the configuration's folder).
    public var dataDirectory: String
    /// The tasks of one session, started one after another.
    public var sessionPlan: [KioskPlanItem]
    /// How a participant is identified.
    public var participantID: ParticipantIDMode
    /// The languages offered first, each a BCP 47 tag; the first is the station's default.
    public var languages: [String]
    /// Idle timeouts and their warning.
    public var timeouts: KioskTimeouts
    /// What happens to a session's answers when it ends before it is complete.
    public var partialAnswers: PartialAnswerPolicy
    /// The file `studyterm kiosk set-pin` writes and the admin prompt checks.
    public var adminPINFile: String
    /// What the station keeps once results are sent.
    public var retention: KioskRetention
    /// What follows the thank-you screen.
    public var endOfSession: EndOfSession
    /// The hash-chained audit log.
    public var auditLog: String
    /// The status file written for staff and monitoring.
    public var statusFile: String
    /// The folder the admin menu's exports go in (each a new folder inside it).
    public var exportDirectory: String
    /// Whether each session shows the study's consent.
    public var consent: KioskConsent = .none

    /// A configuration with every part given (`exportDirectory` nil: `exports` in the data folder).
    public init(stationID: String, study: KioskStudySource, dataDirectory: String, sessionPlan: [KioskPlanItem],
                participantID: ParticipantIDMode = .anonymous, languages: [String] = ["en"],
                timeouts: KioskTimeouts = KioskTimeouts(), partialAnswers: PartialAnswerPolicy = .keep,
                adminPINFile: String, retention: KioskRetention = KioskRetention(), endOfSession: EndOfSession = .welcome,
                auditLog: String, statusFile: String, exportDirectory: String? = nil,
                consent: KioskConsent = .none) {
        (self.stationID, self.study, self.dataDirectory, self.sessionPlan) = (stationID, study, dataDirectory, sessionPlan)
        (self.participantID, self.languages, self.timeouts, self.partialAnswers) = (participantID, languages, timeouts, partialAnswers)
        (self.adminPINFile, self.retention, self.endOfSession) = (adminPINFile, retention, endOfSession)
        (self.auditLog, self.statusFile, self.consent) = (auditLog, statusFile, consent)
        self.exportDirectory = exportDirectory ?? (dataDirectory as NSString).appendingPathComponent("exports")
    }
}

/// Where a station's study comes from.
public enum KioskStudySource: Sendable, Equatable {
    /// A study folder (or its `study.json`) on the station.
    case folder(String)
    /// A study server, with the station's credentials file (a 0600 JSON file staff place there).
    case server(url: String, credentialsFile: String)
}

/// One task of a session plan and when it runs.
public struct KioskPlanItem: Sendable, Equatable {
    /// The study task's identifier.
    public var task: String
    /// When it runs (always, unless a condition is given).
    public var condition: KioskPlanCondition

    /// A plan item.
    public init(task: String, condition: KioskPlanCondition = .always) {
        (self.task, self.condition) = (task, condition)
    }
}

/// When a plan item runs, decided from the session's earlier tasks only.
public enum KioskPlanCondition: Sendable, Equatable {
    /// Every session.
    case always
    /// When an earlier task of the session was completed.
    case completed(task: String)
    /// When a step of an earlier task was answered with exactly this value.
    case answerEquals(task: String, step: String, value: JSONValue)
}

/// What happens to the answers of a session that ends before it is complete (timed out,
/// ended by staff, interrupted).
public enum PartialAnswerPolicy: String, Sendable, Equatable, CaseIterable {
    /// Stored and sent, marked incomplete with the session's end reason.
    case keep
    /// Dropped; only the session's end (its reason, no answers) is recorded.
    case discard
}

/// What follows a session's thank-you screen.
public enum EndOfSession: String, Sendable, Equatable, CaseIterable {
    /// Back to welcome for the next participant (a shared station).
    case welcome
    /// The program exits (one participant per SSH connection).
    case exit
}

/// What the station keeps after sending.
public struct KioskRetention: Sendable, Equatable {
    /// Delete a session's results from the station once the server confirmed them.
    public var deleteAfterUpload: Bool
    /// Delete results older than this many days even if unsent (nil: keep until sent).
    public var maxDays: Int?

    /// Retention rules (defaults: delete after upload, no age limit).
    public init(deleteAfterUpload: Bool = true, maxDays: Int? = nil) {
        (self.deleteAfterUpload, self.maxDays) = (deleteAfterUpload, maxDays)
    }
}
