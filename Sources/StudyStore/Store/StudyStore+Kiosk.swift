import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// Begins kiosk session `id` at station `stationID`: the session is its own participant, a new
    /// enrollment in `studyID` (marked with the session's id) made without the journey's "already
    /// enrolled" check and never the journey's current enrollment. A nil or empty `participantID`
    /// (anonymous mode) gets a new random one, as the journey's does. Returns the view scoped to
    /// that enrollment: runs started through it carry the session's id.
    @discardableResult
    public func beginKioskSession(id: UUID, stationID: String, studyID: String, studyVersion: String,
                                  participantID: String?, language: String, policy: PartialAnswerPolicy,
                                  at date: Date) throws(StoreError) -> ParticipantStore {
        let enrollment = try database.write("begin the kiosk session") { db in
            if try KioskSessionRecord.exists(db, key: id.uuidString) { throw StoreError.kioskSessionAlreadyExists(id) }
            let participant = participantID.flatMap { $0.isEmpty ? nil : $0 } ?? Enrollment.newParticipantID()
            var enrollment = Enrollment(studyID: studyID, studyVersion: studyVersion, participantID: participant, enrolledAt: date)
            enrollment.kioskSessionID = id
            try enrollment.insert(db)
            try KioskSessionRecord(id: id, stationID: stationID, enrollmentID: enrollment.id!, language: language,
                                   startedAt: date, partialPolicy: policy).insert(db)
            return enrollment
        }
        return scoped(to: enrollment)
    }

    /// Ends kiosk session `id` with `reason`, once: a second end is refused (`kioskSessionEnded`)
    /// and changes nothing. The session's unfinished runs are stopped in the same transaction:
    /// with policy `discard` (and a reason other than `completed`) their snapshots (their answers)
    /// are deleted and they are marked `discarded` with the reason and no result; otherwise a run
    /// with answers is finished as incomplete (its result and outbox item stored like any other,
    /// the reason in its metadata) and one without is discarded. Finished runs are never touched.
    @discardableResult
    public func endKioskSession(id: UUID, reason: KioskSessionEndReason, at date: Date) throws(StoreError) -> KioskSessionEnding {
        try database.write("end the kiosk session") { db in try Self.endKioskSession(db, id: id, reason: reason, at: date, appVersion: appVersion) }
    }

    /// For a station starting after a crash or power loss: ends every kiosk session without an end
    /// (of `stationID` when given, else of every station) as `interrupted`, each by its own policy
    /// as `endKioskSession` does, in one transaction. Never resumes one. Returns what it did.
    @discardableResult
    public func finalizeInterruptedKioskSessions(stationID: String? = nil, at date: Date) throws(StoreError) -> KioskFinalization {
        try database.write("finalize the interrupted kiosk sessions") { db in
            let ids = try String.fetchAll(db, sql: """
                SELECT id FROM kioskSession WHERE endedAt IS NULL AND (? IS NULL OR stationID = ?) ORDER BY startedAt, id
                """, arguments: [stationID, stationID])
            return KioskFinalization(endings: try ids.compactMap(UUID.init(uuidString:)).map { id in
                try Self.endKioskSession(db, id: id, reason: .interrupted, at: date, appVersion: appVersion)
            })
        }
    }

    /// The kiosk session with this id.
    public func kioskSession(id: UUID) throws(StoreError) -> KioskSessionRecord? {
        try database.read("read the kiosk session") { db in try KioskSessionRecord.fetchOne(db, key: id.uuidString) }
    }

    /// The runs kiosk session `id` started, oldest first (through `taskRun_on_kioskSession`).
    public func runs(kioskSessionID id: UUID) throws(StoreError) -> [TaskRunRecord] {
        try database.read("read the kiosk session's runs") { db in
            try TaskRunRecord.fetchAll(db, sql: "SELECT * FROM taskRun WHERE kioskSessionID = ? ORDER BY startedAt, id",
                                       arguments: [id.uuidString])
        }
    }

    /// The finish reason of a run a session's end keeps as incomplete: `timedOut` when the
    /// participant was inactive, else `earlyExit` (stopped early: by staff, or interrupted).
    static func partialFinishReason(for reason: KioskSessionEndReason) -> FinishReason {
        reason == .timedOut ? .timedOut : .earlyExit
    }

    /// Throws `kioskSessionNotFound` or `kioskSessionEnded` unless session `id` is open.
    static func requireOpenKioskSession(_ db: Database, id: UUID) throws -> KioskSessionRecord {
        guard let session = try KioskSessionRecord.fetchOne(db, key: id.uuidString) else { throw StoreError.kioskSessionNotFound(id) }
        if let ended = session.endReason { throw StoreError.kioskSessionEnded(id, reason: ended.rawValue) }
        return session
    }

    /// Ends session `id` and stops its unfinished runs by its policy, inside the caller's transaction.
    static func endKioskSession(_ db: Database, id: UUID, reason: KioskSessionEndReason, at date: Date,
                                appVersion: String) throws -> KioskSessionEnding {
        var session = try requireOpenKioskSession(db, id: id)
        session.endedAt = date
        session.endReason = reason
        try session.update(db)
        var ending = KioskSessionEnding(session: session)
        let keepAnswers = reason == .completed || session.partialPolicy == .keep
        let open = try TaskRunRecord.fetchAll(db, sql: """
            SELECT * FROM taskRun WHERE kioskSessionID = ? AND status IN ('inProgress', 'saved') ORDER BY startedAt, id
            """, arguments: [id.uuidString])
        for run in open {
            let snapshot = keepAnswers ? try SnapshotRecord.fetchOne(db, key: run.id.uuidString) : nil
            let partial: TaskResult?
            do {
                partial = try snapshot.flatMap { snapshot in
                    try PartialRunResult.taskResult(snapshot: try snapshot.json(), runID: run.id,
                                                    reason: partialFinishReason(for: reason), endedAt: date)
                }
            } catch {
                try stopRun(db, run.id, status: .failed, reason: reason, at: date, deleteSnapshot: false)
                ending.unreadableRuns.append(run.id)
                continue
            }
            if let partial {
                _ = try finish(db, FinishedRun(result: partial, finishedAt: date), appVersion: appVersion, kioskEndReason: reason)
                ending.keptRuns.append(run.id)
            } else {
                try stopRun(db, run.id, status: .discarded, reason: reason, at: date, deleteSnapshot: true)
                ending.discardedRuns.append(run.id)
            }
        }
        return ending
    }

    /// Ends an open run without a result, marked with the session's end reason.
    private static func stopRun(_ db: Database, _ runID: UUID, status: RunStatus, reason: KioskSessionEndReason,
                                at date: Date, deleteSnapshot: Bool) throws {
        try db.execute(sql: """
            UPDATE taskRun SET status = ?, updatedAt = ?, finishedAt = ?, kioskEndReason = ?
            WHERE id = ? AND status IN ('inProgress', 'saved')
            """, arguments: [status, date, date, reason, runID.uuidString])
        if deleteSnapshot { try SnapshotRecord.deleteOne(db, key: runID.uuidString) }
    }
}
