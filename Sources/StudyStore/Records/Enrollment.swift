import Foundation
import GRDB

/// The participant's membership in a study (table `enrollment`). Leaving sets `withdrawnAt`; nothing is deleted.
public struct Enrollment: Codable, Sendable, Equatable, Identifiable {
    /// The row id, set when stored.
    public var id: Int64?
    /// The study identifier.
    public var studyID: String
    /// The study definition version enrolled with (updated on reload).
    public var studyVersion: String
    /// The participant identifier: the server's, else one made when enrolling (never nil once stored).
    public var participantID: String?
    /// The server's base URL; nil for a local study.
    public var baseURL: String?
    /// The registration token used to sign up.
    public var registrationToken: String?
    /// When the participant enrolled.
    public var enrolledAt: Date
    /// When the participant left; nil while enrolled.
    public var withdrawnAt: Date?
    /// Why, if the participant said.
    public var withdrawalReason: String?
    /// The kiosk session this enrollment is the participant of; nil for the journey's enrollments.
    /// The journey's reads (`currentEnrollment`, `enroll`'s check, `latestScope`) never see a
    /// session's enrollment.
    public var kioskSessionID: UUID?

    /// A new, current enrollment.
    public init(studyID: String, studyVersion: String, participantID: String? = nil, baseURL: String? = nil,
                registrationToken: String? = nil, enrolledAt: Date) {
        self.studyID = studyID
        self.studyVersion = studyVersion
        self.participantID = participantID
        self.baseURL = baseURL
        self.registrationToken = registrationToken
        self.enrolledAt = enrolledAt
    }

    /// True until the participant leaves.
    public var isCurrent: Bool { withdrawnAt == nil }

    /// True for the participant of a kiosk session (not the journey's).
    public var isKioskSession: Bool { kioskSessionID != nil }

    /// A participant identifier made on this computer, for studies whose server gives none.
    static func newParticipantID() -> String { UUID().uuidString.lowercased() }
}

extension Enrollment: FetchableRecord, MutablePersistableRecord {
    /// The table name.
    public static let databaseTableName = "enrollment"

    /// UUIDs are stored as upper-case text, like the other tables' (`kioskSessionID`).
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }

    /// Keeps the row id SQLite chose.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}
