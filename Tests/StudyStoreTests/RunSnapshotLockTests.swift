import Foundation
import StudyTestSupport
import Testing
@testable import StudyStore

/// One process per `run` snapshot: the second is refused naming the first, the lock file goes with
/// the run, and a process waiting while the holder removes it ends up holding the file others see.
@Suite struct RunSnapshotLockTests {
    @Test func aSecondRunOnTheSnapshotIsRefusedAndTheLockFileGoesWithTheRun() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let snapshot = dir.url.appendingPathComponent("r.snapshot.json").path
        let first = try #require(try RunSnapshotLock.acquire(snapshot: snapshot))
        #expect(first.path == dir.url.appendingPathComponent(".r.snapshot.json.lock").path)
        var refusal: RunSnapshotLock.InUse?
        do { _ = try RunSnapshotLock.acquire(snapshot: snapshot, waiting: 0) } catch { refusal = error }
        #expect(refusal?.snapshot == snapshot)
        #expect(refusal?.holder.contains("process \(getpid()) of ") == true)
        first.release()
        #expect(!FileManager.default.fileExists(atPath: first.path))
        let again = try #require(try RunSnapshotLock.acquire(snapshot: snapshot, waiting: 0))
        again.release()
    }

    @Test func aWaiterOnARemovedLockFileStartsOverOnTheFileOthersSee() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let snapshot = dir.url.appendingPathComponent("r.snapshot.json").path
        let first = try #require(try RunSnapshotLock.acquire(snapshot: snapshot))
        let taken = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var second: RunSnapshotLock?
        Thread.detachNewThread {
            second = try? RunSnapshotLock.acquire(snapshot: snapshot, waiting: 5)  // opens the file first holds
            taken.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        first.release()  // removes that file: the waiter must not keep a lock on it
        taken.wait()
        let held = try #require(second)
        var refusal: RunSnapshotLock.InUse?
        do { _ = try RunSnapshotLock.acquire(snapshot: snapshot, waiting: 0) } catch { refusal = error }
        #expect(refusal != nil, "a third process sees the second's lock")
        held.release()
    }

    @Test func noLockWhereNoFileCanBeMade() throws {
        #expect(try RunSnapshotLock.acquire(snapshot: "/nonexistent-folder/r.snapshot.json", waiting: 0) == nil)
    }
}
