import Foundation
import GRDB
import StudyCore

/// The restoration snapshot of an open run, replaced after every accepted answer (table `snapshot`).
public struct SnapshotRecord: Codable, Sendable, Equatable {
    /// The run it restores.
    public var runID: UUID
    /// The snapshot as compact JSON text.
    public var data: String
    /// The path of the step to resume at, e.g. `section/step`.
    public var stepPath: String
    /// When it was written.
    public var updatedAt: Date

    /// A snapshot of `runID` at `stepPath`.
    public init(runID: UUID, data: JSONValue, stepPath: String, updatedAt: Date) {
        self.runID = runID
        self.data = data.compactJSON
        self.stepPath = stepPath
        self.updatedAt = updatedAt
    }

    /// The snapshot as a JSON value.
    public func json() throws(StoreError) -> JSONValue {
        try StoredJSON.parse(data, what: "restoration snapshot of run \(runID.uuidString)")
    }
}

extension SnapshotRecord: FetchableRecord, PersistableRecord {
    /// The table name.
    public static let databaseTableName = "snapshot"
    /// UUIDs are stored as upper-case text.
    public static func databaseUUIDEncodingStrategy(for column: String) -> DatabaseUUIDEncodingStrategy { .uppercaseString }
}
