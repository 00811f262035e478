import Foundation

/// What a station reports about itself in its status file, for staff and monitoring. The station
/// fills it; `KioskStatusWriter` in StudyTermKit writes it atomically with mode 0600. It holds no
/// answers and no identifiers.
public struct KioskStatus: Sendable, Equatable, Codable {
    /// The configuration's station id.
    public var stationID: String
    /// When this status was written.
    public var writtenAt: Date
    /// The app's version.
    public var appVersion: String
    /// SHA-256 (hex) of the study definition the station runs, nil before one is loaded.
    public var studyDefinitionHash: String?
    /// SHA-256 (hex) of the station's configuration file, so the next start sees a change.
    public var configurationHash: String?
    /// Results waiting to be sent.
    public var pendingResults: Int
    /// When the oldest waiting result was stored (nil when none waits).
    public var oldestPendingAt: Date?
    /// The last sending round.
    public var lastSync: SyncState?
    /// Free bytes on the data folder's file system.
    public var freeDiskBytes: Int64?
    /// Whether the system clock is synchronized (nil when it cannot be told).
    public var clockSynchronized: Bool?
    /// Today's sessions by how they ended (keys are `KioskSessionEndReason` raw values).
    public var sessionsToday: [String: Int]
    /// The admin PIN's lockout.
    public var pinLockout: PINLockoutState
    /// The audit log's last record, so a deleted tail is seen (`studyterm kiosk verify-audit --status`).
    public var auditHead: AuditHead?

    /// The last sending round: when, and its error if it failed.
    public struct SyncState: Sendable, Equatable, Codable {
        /// When the round ended.
        public var at: Date
        /// Whether everything it tried was sent.
        public var succeeded: Bool
        /// The error's short description when it failed (never answers: the client's message).
        public var error: String?

        /// A sync state.
        public init(at: Date, succeeded: Bool, error: String? = nil) { (self.at, self.succeeded, self.error) = (at, succeeded, error) }
    }

    /// The lockout as the status shows it.
    public struct PINLockoutState: Sendable, Equatable, Codable {
        /// Wrong PINs since the last right one.
        public var failures: Int
        /// Until when the prompt refuses PINs (nil: not locked).
        public var lockedUntil: Date?

        /// A lockout state.
        public init(failures: Int = 0, lockedUntil: Date? = nil) { (self.failures, self.lockedUntil) = (failures, lockedUntil) }
    }

    /// The audit log's length and the SHA-256 of its last line.
    public struct AuditHead: Sendable, Equatable, Codable {
        /// Records in the log.
        public var records: Int
        /// SHA-256 (hex) of the last line.
        public var lastHash: String

        /// A head.
        public init(records: Int, lastHash: String) { (self.records, self.lastHash) = (records, lastHash) }
    }

    /// A status; counts start at zero.
    public init(stationID: String, writtenAt: Date, appVersion: String, studyDefinitionHash: String? = nil,
                pendingResults: Int = 0, oldestPendingAt: Date? = nil, lastSync: SyncState? = nil, freeDiskBytes: Int64? = nil,
                clockSynchronized: Bool? = nil, sessionsToday: [KioskSessionEndReason: Int] = [:],
                pinLockout: PINLockoutState = PINLockoutState(), auditHead: AuditHead? = nil, configurationHash: String? = nil) {
        (self.stationID, self.writtenAt, self.appVersion, self.studyDefinitionHash) = (stationID, writtenAt, appVersion, studyDefinitionHash)
        (self.pendingResults, self.oldestPendingAt, self.lastSync) = (pendingResults, oldestPendingAt, lastSync)
        (self.freeDiskBytes, self.clockSynchronized, self.pinLockout, self.auditHead) = (freeDiskBytes, clockSynchronized, pinLockout, auditHead)
        self.configurationHash = configurationHash
        self.sessionsToday = Dictionary(uniqueKeysWithValues: KioskSessionEndReason.allCases.map { ($0.rawValue, sessionsToday[$0] ?? 0) })
    }

    /// Seconds the oldest waiting result has waited at `writtenAt` (nil when none waits).
    public var oldestPendingAgeSeconds: Int? { oldestPendingAt.map { max(0, Int(writtenAt.timeIntervalSince($0))) } }

    /// Counts one more session ended for `reason`.
    public mutating func countSession(_ reason: KioskSessionEndReason) { sessionsToday[reason.rawValue, default: 0] += 1 }
}
