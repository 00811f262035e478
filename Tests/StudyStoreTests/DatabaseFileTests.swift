import Foundation
import StudyTestSupport
import Testing
@testable import StudyStore

/// Files that are not ours are refused with a clear message and left exactly as they were.
@Suite struct DatabaseFileTests {
    /// The bytes and modification time of every database file, to prove nothing was touched.
    private func fingerprint(_ location: DataLocation) throws -> [String: String] {
        var out: [String: String] = [:]
        for file in location.databaseFiles where FileManager.default.fileExists(atPath: file.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            let data = try Data(contentsOf: file)
            out[file.lastPathComponent] = "\(data.base64EncodedString()) \(attributes[.modificationDate]!) \(attributes[.posixPermissions]!)"
        }
        return out
    }

    private func expectRefusedAndUntouched(_ location: DataLocation, _ matches: (StoreError) -> Bool) throws {
        let before = try fingerprint(location)
        #expect {
            try AppDatabase.open(at: location)
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return matches(error) && error.description.contains("left untouched")
        }
        let after = try fingerprint(location)
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(after == before)
    }

    @Test func refusesRandomBytesAsNotADatabase() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        var generator = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: location.databaseURL)
        try expectRefusedAndUntouched(location) { $0 == .notADatabase(path: location.databaseURL.path) }
    }

    @Test func refusesAnotherProgramsSQLiteDatabase() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try SQLiteScript.run("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos (name) VALUES ('cat')",
                             inFileAt: location.databaseURL.path)
        try expectRefusedAndUntouched(location) { error in
            guard case .foreignDatabase(_, let detail) = error else { return false }
            return detail.contains("photos")
        }
    }

    @Test func refusesAnSQLiteDatabaseWithAnotherApplicationID() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try SQLiteScript.run("PRAGMA application_id = 1234", inFileAt: location.databaseURL.path)
        try expectRefusedAndUntouched(location) { error in
            guard case .foreignDatabase(_, let detail) = error else { return false }
            return detail.contains("0x000004D2")
        }
    }

    @Test func refusesADamagedStudyTermDatabase() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        do {
            let store = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
            for i in 0..<50 { try store.startRun(id: UUID(), studyID: "s", taskID: "t\(i)", at: T.at(Double(i))) }
        }
        // Keep the 100-byte header, overwrite everything after it (the schema page included).
        var data = try Data(contentsOf: location.databaseURL)
        #expect(data.count > 4096)
        data.replaceSubrange(100..<data.count, with: Data(repeating: 0xA5, count: data.count - 100))
        try data.write(to: location.databaseURL)
        try expectRefusedAndUntouched(location) { error in
            if case .corruptDatabase = error { return true }
            return error == .notADatabase(path: location.databaseURL.path)
        }
    }

    @Test func acceptsAnEmptyFileAndAnEmptySQLiteDatabase() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        #expect(FileManager.default.createFile(atPath: location.databaseURL.path, contents: Data()))
        #expect(try AppDatabase.open(at: location).appliedMigrations().count == MigrationTests.expected.count)

        let other = DataLocation(folder: dir.url.appendingPathComponent("other"))
        try FileManager.default.createDirectory(at: other.folder, withIntermediateDirectories: true)
        try SQLiteScript.run("CREATE TABLE scratch (a); DROP TABLE scratch", inFileAt: other.databaseURL.path)
        #expect(try Data(contentsOf: other.databaseURL).count > 0)
        #expect(try AppDatabase.open(at: other).appliedMigrations().count == MigrationTests.expected.count)
    }
}

/// Refusing a StudyTerm file that is damaged deep inside, or that a newer StudyTerm wrote, changes
/// none of its bytes: the file is inspected read-only before anything opens it for writing.
@Suite struct UntouchedRefusalTests {
    private func sha256(_ url: URL) throws -> String {
        TextDigest.sha256Hex(of: Array(try Data(contentsOf: url)))
    }

    private func beside(_ location: DataLocation) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: location.folder.path).sorted()) ?? []
    }

    /// A database with rows in several pages, closed cleanly.
    private func filledDatabase(_ location: DataLocation) throws {
        let store = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
        for i in 0..<300 { try store.startRun(id: UUID(), studyID: "s", taskID: "task-\(i)-" + String(repeating: "x", count: 200), at: T.at(Double(i))) }
    }

    private func expectRefusedByteForByte(_ location: DataLocation, _ matches: (StoreError) -> Bool) throws {
        let (hash, size, files) = (try sha256(location.databaseURL),
                                   try Data(contentsOf: location.databaseURL).count, beside(location))
        var thrown: StoreError?
        do { _ = try AppDatabase.open(at: location) } catch { thrown = error }
        #expect(thrown.map(matches) == true, "refused with \(String(describing: thrown))")
        #expect(thrown?.description.contains("left untouched") == true)
        #expect(try sha256(location.databaseURL) == hash)
        #expect(try Data(contentsOf: location.databaseURL).count == size)
        #expect(beside(location) == files, "no journal, WAL or shared-memory file appears")
    }

    @Test func aNewerSchemaIsRefusedWithoutAWrite() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try filledDatabase(location)
        try SQLiteScript.run("INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')",
                             inFileAt: location.databaseURL.path)
        try expectRefusedByteForByte(location) { $0 == .newerDatabase(path: location.databaseURL.path, unknownMigrations: ["v9-from-the-future"]) }
    }

    @Test func aDatabaseDamagedPastItsSchemaIsRefusedWithoutAWrite() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try filledDatabase(location)
        // Damage the last pages (rows of taskRun), keeping the header and the schema page intact.
        var data = try Data(contentsOf: location.databaseURL)
        #expect(data.count > 8 * 4096)
        let start = data.count - 3 * 4096
        data.replaceSubrange(start..<data.count, with: Data(repeating: 0x5A, count: data.count - start))
        try data.write(to: location.databaseURL)
        try expectRefusedByteForByte(location) { if case .corruptDatabase = $0 { return true } else { return false } }
    }
}
