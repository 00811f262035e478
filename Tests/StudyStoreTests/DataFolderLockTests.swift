import Foundation
import StudyTestSupport
import Testing
@testable import StudyStore

/// One writer per data folder: the second opener is refused with the holder named; readers and
/// other scopes are not; the lock goes with its holder.
@Suite struct DataFolderLockTests {
    @Test func aSecondWriterIsRefusedNamingTheHolderAndChangesNothing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        let first = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
        try first.startRun(id: UUID(), studyID: "s", taskID: "t", at: T.at(0))
        let before = try Data(contentsOf: location.databaseURL)
        var refusal: StoreError?
        do { _ = try AppDatabase.open(at: location) } catch { refusal = error }
        guard case .folderInUse(let path, let holder) = refusal else {
            Issue.record("expected folderInUse, got \(String(describing: refusal))")
            return
        }
        #expect(path == location.folder.path)
        #expect(holder.contains("process \(getpid()) of "))
        #expect(refusal?.description.contains("Another StudyTerm is using the data folder") == true)
        #expect(try Data(contentsOf: location.databaseURL) == before)
    }

    @Test func aReaderReadsBesideTheWriter() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        let writer = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
        let id = UUID()
        try writer.startRun(id: id, studyID: "s", taskID: "t", at: T.at(0))
        let reader = try StudyStore.openForReading(at: location, appVersion: "1")
        #expect(reader.database.lock == nil)
        #expect(try reader.database.tableNames().contains("taskRun"))
        #expect(try reader.run(id: id) != nil)
    }

    @Test func aReaderWaitsForTheWritersCommitInsteadOfFailingAsLocked() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        let writer = StudyStore(database: try AppDatabase.open(at: location), appVersion: "1")
        let id = UUID()
        try writer.startRun(id: id, studyID: "s", taskID: "t", at: T.at(0))
        // The writer holds SQLite's exclusive lock mid-commit while an export opens the file: the
        // inspection, the schema check and the reads wait for the commit (they failed with
        // "database is locked" about once in a hundred exports beside a running journey).
        let locked = DispatchSemaphore(value: 0)
        let holder = Thread { try? writer.database.holdExclusiveLock(for: 0.4) { locked.signal() } }
        holder.start()
        locked.wait()
        let reader = try StudyStore.openForReading(at: location, appVersion: "1")
        #expect(try reader.run(id: id) != nil)
    }

    @Test func theLockGoesWithItsHolderAndScopesAreSeparate() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try location.prepare()
        do {
            let held = try DataFolderLock.acquire(in: location)
            #expect(DataFolderLock.isHeld(in: location), "flock is per open file, so this process's own probe sees it too")
            _ = held
            // Another session's scope is free while the journey's is held.
            _ = try DataFolderLock.acquire(in: location, scope: "session-2")
        }
        // Released with its value; a lock file left behind blocks no one.
        #expect(FileManager.default.fileExists(atPath: DataFolderLock.path(in: location)))
        #expect(!DataFolderLock.isHeld(in: location))
        _ = try DataFolderLock.acquire(in: location)
    }

    @Test func theHolderRecordRoundTrips() {
        let holder = DataFolderLock.Holder(pid: 42, user: "ada", host: "station-1", terminal: "/dev/pts/3", since: "2026-11-25 10:15:02 GMT")
        #expect(DataFolderLock.Holder(fileText: holder.fileText) == holder)
        #expect(DataFolderLock.Holder(fileText: "") == nil)
        #expect(holder.description == "process 42 of ada on station-1 (terminal /dev/pts/3, since 2026-11-25 10:15:02 GMT)")
    }

    @Test func aReaderAloneLetsTheLockGoSoAJourneyCanStartWhileItReads() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        let id = UUID()
        do { try StudyStore.open(at: location, appVersion: "1").startRun(id: id, studyID: "s", taskID: "t", at: T.at(0)) }
        let reader = try StudyStore.openForReading(at: location, appVersion: "1")  // no writer: it brought the file up to date
        #expect(reader.database.lock == nil)
        #expect(!DataFolderLock.isHeld(in: location))
        let writer = try StudyStore.open(at: location, appVersion: "1")  // an export under way does not turn a journey away
        let second = UUID()
        try writer.startRun(id: second, studyID: "s", taskID: "t", at: T.at(1))
        #expect(try reader.run(id: id) != nil)
        #expect(try reader.run(id: second) != nil)  // and it reads what the writer stores meanwhile
    }

    @Test func aWriterWaitsOutAShortHoldAndIsRefusedOnlyAfterTheWait() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        try location.prepare()
        // flock locks belong to an open file, so a second acquire in this process contends like another process.
        let brief = try DataFolderLock.acquire(in: location)
        let released = DispatchSemaphore(value: 0)
        // Timed from before the holder's thread starts: however late the test thread runs, the
        // holder keeps the lock for 0.2 s after this instant, so the wait is at least that long.
        let started = Date()
        Thread.detachNewThread { [brief] in
            Thread.sleep(forTimeInterval: 0.2)
            withExtendedLifetime(brief) {}
            released.signal()
        }
        _ = consume brief
        // A generous wait (the app's is `waitForHolder`): a busy machine may start the holder's
        // thread late, and the test is that a writer waits a hold out, not how fast threads start.
        let writer = try DataFolderLock.acquire(in: location, waiting: 30)
        #expect(Date().timeIntervalSince(started) >= 0.1)
        released.wait()
        var refusal: StoreError?
        let refusedAt = Date()
        do { _ = try DataFolderLock.acquire(in: location, waiting: 0.3) } catch { refusal = error }
        #expect(Date().timeIntervalSince(refusedAt) >= 0.3)
        guard case .folderInUse(_, let holder) = refusal else {
            Issue.record("expected folderInUse, got \(String(describing: refusal))")
            return
        }
        #expect(holder.contains("process \(getpid()) of "))
        _ = writer
    }

    @Test func eachSessionScopeHasItsOwnWriterAndItsOwnFile() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        // A kiosk: two participants' sessions write to one data folder side by side ...
        let ada = try StudyStore.open(at: location, scope: "enrollment/ada", appVersion: "1")
        let bob = try StudyStore.open(at: location, scope: "enrollment_ada", appVersion: "1")
        try ada.startRun(id: UUID(), studyID: "s", taskID: "t", at: T.at(0))
        try bob.startRun(id: UUID(), studyID: "s", taskID: "t", at: T.at(1))
        // ... but never two writers for one session.
        var refusal: StoreError?
        do { _ = try AppDatabase.open(at: location, synchronous: .full, scope: "enrollment/ada", waiting: 0) } catch { refusal = error }
        guard case .folderInUse = refusal else {
            Issue.record("expected folderInUse, got \(String(describing: refusal))")
            return
        }
        #expect(DataFolderLock.path(in: location, scope: "enrollment/ada").hasSuffix("/studyterm-enrollment%2Fada.lock"))
        #expect(DataFolderLock.path(in: location, scope: "enrollment_ada").hasSuffix("/studyterm-enrollment_ada.lock"))
        #expect(DataFolderLock.path(in: location, scope: "../x").hasSuffix("/studyterm-%2E%2E%2Fx.lock"))
        #expect(DataFolderLock.path(in: location).hasSuffix("/studyterm.lock"))
    }

    @Test func twoSessionsWriteAtTheSameTimeAndEveryWriteIsStored() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let location = DataLocation(folder: dir.url)
        // A kiosk: one connection per session (as one process per terminal has), writing concurrently;
        // SQLite serializes the transactions (GRDB begins writes IMMEDIATE, so the busy timeout applies).
        let sessions = try ["ada", "bob"].map { try StudyStore.open(at: location, scope: "enrollment-\($0)", appVersion: "1") }
        let ids = (0..<2).map { _ in (0..<40).map { _ in UUID() } }
        nonisolated(unsafe) var failures: [String] = []
        let failuresLock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 2) { session in
            for (n, id) in ids[session].enumerated() {
                do { try sessions[session].startRun(id: id, studyID: "s", taskID: "t\(session)", at: T.at(Double(n))) } catch {
                    failuresLock.withLock { failures.append("\(error)") }
                }
            }
        }
        #expect(failures.isEmpty)
        for id in ids.joined() { #expect(try sessions[0].run(id: id) != nil) }
    }
}
