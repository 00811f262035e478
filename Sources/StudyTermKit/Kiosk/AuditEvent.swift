import Foundation
import StudyCore
import StudyTUI

/// What the audit log records. Every case carries typed fields only: counts, reasons, session
/// UUIDs, content hashes and salted participant hashes. There is no case or field for an answer,
/// a free text or a raw identifier, so none can be written.
package enum AuditEvent: Sendable, Equatable {
    /// The station started with this configuration.
    case stationStarted(appVersion: String, configuration: ContentHash)
    /// The station stopped cleanly.
    case stationStopped
    /// At start: the previous run did not stop cleanly (crash, kill, power loss).
    case uncleanStopFound
    /// A session ended.
    case sessionEnded(session: UUID, reason: KioskSessionEndReason, participant: ParticipantHash?, tasksCompleted: Int)
    /// Staff opened the admin menu with the right PIN.
    case adminSucceeded
    /// A wrong PIN; the lock it caused, in seconds (0: none).
    case adminFailed(failures: Int, lockedSeconds: Int)
    /// The configuration file changed between starts.
    case configurationChanged(from: ContentHash?, to: ContentHash)
    /// The study definition changed.
    case studyChanged(from: ContentHash?, to: ContentHash)
    /// A sending round sent everything it tried.
    case syncSucceeded(sent: Int)
    /// A sending round failed; this many results still wait.
    case syncFailed(problem: SyncProblem, pending: Int)
    /// Free disk space fell below the threshold.
    case diskLow(freeBytes: Int64, thresholdBytes: Int64)
    /// The system clock is not synchronized.
    case clockUnsynchronized
    /// Staff did something from the admin menu (counts only).
    case admin(KioskAdminRecord)
    /// Root reset the admin PIN's lockout (`kiosk reset-pin-lockout`); the wrong PINs it forgave.
    case pinLockoutReset(failures: Int)

    /// Why a sending round failed, without the server's words.
    package enum SyncProblem: String, Sendable, Equatable {
        /// The server could not be reached.
        case unreachable
        /// The server failed (5xx).
        case serverError = "server-error"
        /// The server refused results (4xx).
        case refused
        /// Anything else.
        case other
    }

    /// The record's `event` name.
    package var name: String {
        switch self {
        case .stationStarted: "station-started"
        case .stationStopped: "station-stopped"
        case .uncleanStopFound: "unclean-stop-found"
        case .sessionEnded: "session-ended"
        case .adminSucceeded: "admin-succeeded"
        case .adminFailed: "admin-failed"
        case .configurationChanged: "configuration-changed"
        case .studyChanged: "study-changed"
        case .syncSucceeded: "sync-succeeded"
        case .syncFailed: "sync-failed"
        case .diskLow: "disk-low"
        case .clockUnsynchronized: "clock-unsynchronized"
        case .admin(let record): record.auditName
        case .pinLockoutReset: "pin-lockout-reset"
        }
    }

    /// The record's `fields`.
    package var fields: [String: JSONValue] {
        switch self {
        case .stationStarted(let version, let configuration):
            ["appVersion": .string(version), "configuration": .string(configuration.hex)]
        case .stationStopped, .uncleanStopFound, .adminSucceeded, .clockUnsynchronized:
            [:]
        case .sessionEnded(let session, let reason, let participant, let tasks):
            ["session": .string(session.uuidString), "reason": .string(reason.rawValue),
             "participant": participant.map { JSONValue.string($0.hex) } ?? .null, "tasksCompleted": .int(tasks)]
        case .adminFailed(let failures, let locked):
            ["failures": .int(failures), "lockedSeconds": .int(locked)]
        case .configurationChanged(let from, let to), .studyChanged(let from, let to):
            ["from": from.map { JSONValue.string($0.hex) } ?? .null, "to": .string(to.hex)]
        case .syncSucceeded(let sent):
            ["sent": .int(sent)]
        case .syncFailed(let problem, let pending):
            ["problem": .string(problem.rawValue), "pending": .int(pending)]
        case .diskLow(let free, let threshold):
            ["freeBytes": .int(Int(free)), "thresholdBytes": .int(Int(threshold))]
        case .admin(let record):
            record.auditFields
        case .pinLockoutReset(let failures):
            ["failures": .int(failures)]
        }
    }
}
