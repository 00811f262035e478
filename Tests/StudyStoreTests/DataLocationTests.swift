import Foundation
import StudyTestSupport
import Testing
@testable import StudyStore
#if canImport(Glibc)
import Glibc
#endif

@Suite struct DataLocationTests {
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func prefersTheExplicitFolderThenXDGDataHomeThenHome() {
        let env = ["XDG_DATA_HOME": "/xdg", "HOME": "/home/p"]
        #expect(DataLocation.resolve(explicit: "/given", environment: env).folder.path == "/given")
        #expect(DataLocation.resolve(explicit: nil, environment: env).folder.path == "/xdg/studyterm")
        #expect(DataLocation.resolve(explicit: nil, environment: ["HOME": "/home/p"]).folder.path
                == "/home/p/.local/share/studyterm")
    }

    @Test func ignoresARelativeOrEmptyXDGDataHome() {
        for xdg in ["", "relative/dir"] {
            let location = DataLocation.resolve(environment: ["XDG_DATA_HOME": xdg, "HOME": "/home/p"])
            #expect(location.folder.path == "/home/p/.local/share/studyterm")
        }
    }

    @Test func createsThePrivateFolderAndDatabaseFilesWithOwnerOnlyPermissions() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url.appendingPathComponent("a/b/studyterm"))
        let store = try StudyStore.open(at: location, appVersion: "1")
        try store.startRun(id: UUID(), studyID: "s", taskID: "t", at: T.at(0))
        #expect(try mode(location.folder.path) == 0o700)
        let present = location.databaseFiles.filter { FileManager.default.fileExists(atPath: $0.path) }
        // The database and its rollback journal; no WAL and no mapped shared-memory file.
        #expect(present.map(\.lastPathComponent) == ["studyterm.sqlite", "studyterm.sqlite-journal"])
        for file in present {
            #expect(try mode(file.path) == 0o600, "\(file.lastPathComponent) is 0600")
        }
    }

    @Test func tightensAnExistingFolderAndDatabaseFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        chmod(dir.url.path, 0o755)
        let location = DataLocation(folder: dir.url)
        _ = try AppDatabase.open(at: location)
        chmod(location.databaseURL.path, 0o644)
        _ = try AppDatabase.open(at: location)
        #expect(try mode(dir.url.path) == 0o700)
        #expect(try mode(location.databaseURL.path) == 0o600)
    }

    @Test func refusesAFolderPathThatIsAFileOrRunsThroughOne() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = try dir.write("not a folder", to: "plain")
        #expect(throws: StoreError.folderIsAFile(path: file.path)) {
            try AppDatabase.open(at: DataLocation(folder: file))
        }
        #expect(throws: StoreError.folderIsAFile(path: file.path)) {
            try AppDatabase.open(at: DataLocation(folder: file.appendingPathComponent("studyterm")))
        }
    }

    /// Permission bits do not stop root, so this runs only for a normal user (see the next test for root).
    @Test(.enabled(if: geteuid() != 0, "root ignores permission bits"))
    func reportsAReadOnlyFolderClearlyAndLeavesItReadOnly() throws {
        let dir = try TemporaryDirectory()
        defer { chmod(dir.url.path, 0o700); dir.remove() }
        chmod(dir.url.path, 0o500)
        #expect {
            try AppDatabase.open(at: DataLocation(folder: dir.url))
        } throws: { error in
            guard case StoreError.folderNotWritable(let path, _) = error else { return false }
            return path == dir.url.path
        }
        #expect(try mode(dir.url.path) == 0o500)
    }

    /// As root (this machine's test runs), a folder that cannot be made is the read-only case we can reach:
    /// sysfs refuses mkdir even to root.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/kernel"), "needs Linux sysfs"))
    func reportsAFolderThatCannotBeCreatedClearly() throws {
        let folder = URL(fileURLWithPath: "/sys/studyterm-test-\(UUID().uuidString)")
        #expect {
            try AppDatabase.open(at: DataLocation(folder: folder))
        } throws: { error in
            guard case StoreError.folderNotWritable(let path, let reason) = error else { return false }
            return path == folder.path && !reason.isEmpty
                && (error as? StoreError)?.description.contains("cannot be written") == true
        }
    }
}
