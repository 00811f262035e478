import Foundation
import GRDB
import StudyCore

/// One participant's session at a study station (table `kioskSession`): who (its own enrollment),
/// where, in which language, when, and how it ended. It ends exactly once.
public struct KioskSessionRecord: Codable, Sendable, Equatable, Identifiable {
    /// The session's UUID (`KioskSession.id`), named on every run it started.
    public var id: UUID
    /// The configuration's station id.
    public var stationID: String
    /// The session's own enrollment (its participant).
    public var enrollmentID: Int64
    /// The language the participant chose (a BCP 47 tag).
    public var language: String
    /// When the session began.
    public var startedAt: Date
    /// When it ended; nil while it runs (or when a crash left it open, until it is finalized).
    public var endedAt: Date?
    /// How it ended; set together with `endedAt`.
    public var endReason: KioskSessionEndReason?
    /// What happens to an unfinished run's answers when the session ends early.
    public var partialPolicy: PartialAnswerPolicy

    /// A session that has not ended.
    public init(id: UUID, stationID: String, enrollmentID: Int64, language: String, startedAt: Date,
                partialPolicy: PartialAnswerPolicy) {
        (self.id, self.stationID, self.enrollmentID, self.language) = (id, stationID, enrollmentID, language)
        (self.startedAt, self.partialPolicy) = (startedAt, partialPolicy)
    }

    /// True once the session has ended.
    public var hasEnded: Bool { endReason != nil }

    /// The columns, by name.
    enum CodingKeys: String, CodingKey {
        case id, stationID, enrollmentID, language, startedAt, endedAt, endReason, partialPolicy
    }

    /// Reads a stored session (`partialPolicy` by its raw value).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        stationID = try c.decode(String.self, forKey: .stationID)
        enrollmentID = try c.decode(Int64.self, forKey: .enrollmentID)
        language = try c.decode(String.self, forKey: .language)
        startedAt = try c.decode(Date.self, forKey: .startedAt)
        endedAt = try c.decodeIfPresent(Date.self, forKey: .endedAt)
        endReason = try c.decodeIfPresent(KioskSessionEndReason.self, forKey: .endReason)
        let policy = try c.decode(String.self, forKey: .partialPolicy)
        guard let known = PartialAnswerPolicy(rawValue: policy) else {
            throw DecodingError.dataCorruptedError(forKey: .partialPolicy, in: c, debugDescription: "unknown policy \(policy)")
        }
        partialPolicy = known
    }

    /// Writes the session's columns.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(stationID, forKey: .stationID)
        try c.encode(enrollmentID, forKey: .enrollmentID)
        try c.encode(language, forKey: .language)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(endedAt, forKey: .endedAt)
        try c.encode(endReason, forKey: .endReason)
        try c.encode(partialPolicy.rawValue, forKey: .partialPolicy)
    }
}

extension KioskSessionRecord: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "kioskSession"
    /// UUIDs are stored as upper-case text.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}
