import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One process per `studyterm run` snapshot: the sibling of ``DataFolderLock`` for runs that keep
/// their progress in a snapshot file instead of the data folder. Two `run`s on the same `--out` or
/// `--restore` would resume the same run UUID and overwrite each other's snapshot and result, so
/// the second is refused, naming the first, before it reads anything.
///
/// The lock is a `flock` on a hidden lock file beside the snapshot (`.<snapshot name>.lock`), which
/// its holder removes when the run ends (`studyterm` also has a signal that ends a line-mode run at
/// once remove it); after kill -9 the file stays behind but blocks no one (the kernel drops the lock
/// with the process), and the next run on that snapshot removes it.
public final class RunSnapshotLock: @unchecked Sendable {
    /// Another process runs from this snapshot.
    public struct InUse: Error, Sendable, Equatable, CustomStringConvertible {
        public var snapshot: String
        public var holder: String

        public var description: String {
            "Another StudyTerm is running this task with the snapshot \(snapshot): \(holder). Finish or quit it first, or choose another --out. Nothing was changed."
        }
    }

    /// The lock file.
    public let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The lock file of `snapshot`: hidden, beside it.
    public static func path(forSnapshot snapshot: String) -> String {
        let url = URL(fileURLWithPath: snapshot)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".lock").path
    }

    /// Takes the lock of `snapshot`, waiting up to `waiting` seconds for a holder that is ending;
    /// throws ``InUse`` naming the holder when another process still runs from it. Nil when no lock
    /// file can be made there (a folder that cannot be written: `run` then writes elsewhere).
    public static func acquire(snapshot: String, waiting: TimeInterval = DataFolderLock.waitForHolder,
                               now: Date = Date()) throws(InUse) -> RunSnapshotLock? {
        let path = path(forSnapshot: snapshot)
        switch DataFolderLock.take(file: path, waiting: waiting, now: now, removedByHolder: true) {
        case .locked(let fd): return RunSnapshotLock(path: path, descriptor: fd)
        case .busy(let holder): throw InUse(snapshot: snapshot, holder: holder)
        case .cannotOpen, .cannotLock: return nil
        }
    }

    /// Removes the lock file and lets the lock go (before the process exits: `exit` runs no deinit).
    /// The file is removed while still locked, so a process waiting on it starts over on a new file.
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }
}
