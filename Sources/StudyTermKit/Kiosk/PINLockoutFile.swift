import Foundation

/// Where the lockout lives between runs: a 0600 JSON file beside the station's data, written
/// after every checked PIN, so stopping the station does not forgive wrong PINs.
package struct PINLockoutFile: Sendable {
    /// The file.
    package var path: String

    /// The lockout file at `path`.
    package init(path: String) { self.path = path }

    /// The stored lockout; a missing file is no failures. A damaged one locks for the longest time
    /// from `now` (deleting or corrupting it must not open the prompt).
    package func load(now: Date) -> PINLockout {
        guard let data = FileManager.default.contents(atPath: path) else { return PINLockout() }
        if let lockout = try? JSONDecoder.withDates.decode(PINLockout.self, from: data) { return lockout }
        return PINLockout(failures: 99, lockedUntil: now.addingTimeInterval(PINLockout.maximumLock))
    }

    /// Stores the lockout, mode 0600.
    package func save(_ lockout: PINLockout) throws(PrivateFile.Failure) {
        try PrivateFile.write((try? JSONEncoder.withDates.encode(lockout)) ?? Data(), to: path)
    }
}
