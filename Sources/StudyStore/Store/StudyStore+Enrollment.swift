import Foundation
import GRDB
import StudyCore

extension StudyStore {
    /// Stores a new enrollment; fails if the participant is already (and still) enrolled in that study.
    /// Every enrollment has a participant identifier: one the server gave, else a new UUID (so every
    /// result and export row names its participant). The consent given just before (stored without
    /// an enrollment) becomes the new enrollment's.
    @discardableResult
    public func enroll(_ enrollment: Enrollment) throws(StoreError) -> Enrollment {
        try database.write("store the enrollment") { db in
            if try Self.current(db, studyID: enrollment.studyID) != nil {
                throw StoreError.alreadyEnrolled(studyID: enrollment.studyID)
            }
            var stored = enrollment
            if stored.participantID?.isEmpty ?? true { stored.participantID = Enrollment.newParticipantID() }
            try stored.insert(db)
            try db.execute(sql: "UPDATE consent SET enrollmentID = ? WHERE studyID = ? AND enrollmentID IS NULL",
                           arguments: [stored.id, stored.studyID])
            return stored
        }
    }

    /// The current (not withdrawn) enrollment in `studyID`, or the latest current one of any study;
    /// kiosk sessions' enrollments are not the journey's and never current.
    public func currentEnrollment(studyID: String? = nil) throws(StoreError) -> Enrollment? {
        try database.read("read the enrollment") { db in try Self.current(db, studyID: studyID) }
    }

    /// Every enrollment, withdrawn ones included, oldest first.
    public func allEnrollments() throws(StoreError) -> [Enrollment] {
        try database.read("read the enrollments") { db in try Enrollment.order(Column("id")).fetchAll(db) }
    }

    /// Records a reloaded definition's version. Nothing stored is deleted: unsent and unfinished data stay.
    public func updateStudyVersion(studyID: String, to version: String) throws(StoreError) {
        try database.write("record the study version") { db in
            guard var enrollment = try Self.current(db, studyID: studyID) else { throw StoreError.notEnrolled(studyID: studyID) }
            enrollment.studyVersion = version
            try enrollment.update(db)
        }
    }

    /// Leaves the study: records the withdrawal and enqueues it for the server. All data is kept.
    @discardableResult
    public func withdraw(studyID: String, at date: Date, reason: String? = nil) throws(StoreError) -> OutboxItem {
        try database.write("record the withdrawal") { db in
            guard var enrollment = try Self.current(db, studyID: studyID) else { throw StoreError.notEnrolled(studyID: studyID) }
            enrollment.withdrawnAt = date
            enrollment.withdrawalReason = reason
            try enrollment.update(db)
            var payload: [String: JSONValue] = [
                "type": "withdrawal", "studyId": .string(studyID),
                "withdrawnDate": .string(ResultDate.string(from: date)),
            ]
            if let participant = enrollment.participantID { payload["participantId"] = .string(participant) }
            if let reason { payload["reason"] = .string(reason) }
            var metadata: [String: JSONValue] = [
                "studyId": .string(studyID), "studyVersion": .string(enrollment.studyVersion),
                "appVersion": .string(appVersion), "storedDate": .string(ResultDate.string(from: date)),
            ]
            if let participant = enrollment.participantID { metadata["participantId"] = .string(participant) }
            let item = OutboxItem(runID: nil, kind: .withdrawal, payload: .object(payload), metadata: .object(metadata),
                                  createdAt: date, enrollmentID: enrollment.id)
            try item.insert(db)
            return item
        }
    }

    /// Records that the participant agreed to the consent text (only its SHA-256 is kept). A consent
    /// without an enrollment goes to the study's current one; with none (joining), enrolling claims it.
    @discardableResult
    public func recordConsent(_ consent: ConsentRecord) throws(StoreError) -> ConsentRecord {
        try database.write("record the consent") { db in
            var stored = consent
            if stored.enrollmentID == nil { stored.enrollmentID = try Self.current(db, studyID: consent.studyID)?.id }
            try stored.insert(db)
            return stored
        }
    }

    /// The latest consent given for `studyID`, by any participant.
    public func latestConsent(studyID: String) throws(StoreError) -> ConsentRecord? {
        try database.read("read the consent") { db in
            try ConsentRecord.filter(Column("studyID") == studyID)
                .order(Column("agreedAt").desc, Column("id").desc).fetchOne(db)
        }
    }

    /// True when the latest consent given for `studyID` was given to exactly `text` (compared by
    /// SHA-256); false when none was given or the study has changed the text since.
    public func consentCovers(studyID: String, text: String) throws(StoreError) -> Bool {
        try latestConsent(studyID: studyID)?.textSHA256 == TextDigest.sha256Hex(text)
    }

    /// The newest enrollment that is not withdrawn, in one study or any; a kiosk session's
    /// enrollment is never the journey's current one (index `enrollment_journey_current`).
    static func current(_ db: Database, studyID: String?) throws -> Enrollment? {
        var request = Enrollment.filter(Column("withdrawnAt") == nil && Column("kioskSessionID") == nil)
        if let studyID { request = request.filter(Column("studyID") == studyID) }
        return try request.order(Column("id").desc).fetchOne(db)
    }
}
