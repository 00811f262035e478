import Foundation
import ServerStore
import Testing

/// The engines the conformance suite runs against: SQLite always; PostgreSQL when
/// `STUDYTERM_TEST_POSTGRES_URL` names a database (Tests/run-all starts a throwaway cluster and
/// sets it, so the suite runs against both there).
enum StoreEngine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    /// The PostgreSQL URL of the test cluster, if any.
    static var postgresURL: String? { ProcessInfo.processInfo.environment["STUDYTERM_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The engines available here.
    static var available: [StoreEngine] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// A new, empty, migrated store: a file in a new temporary folder, or a new schema.
    func makeStore() async throws -> any ServerStorage {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serverstore-\(UUID().uuidString)")
            return try await ServerDatabase.sqlite(path: folder.appendingPathComponent("server.sqlite").path).open()
        case .postgres:
            let url = Self.postgresURL!
            let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            return try await ServerDatabase(url + (url.contains("?") ? "&" : "?") + "schema=\(schema)").open()
        }
    }

    var testDescription: String { rawValue }
}
