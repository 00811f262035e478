import Foundation

/// Where a paused station's state lives between runs: `paused` in the data folder, a 0600 file
/// that holds when the pause began. Present: the station starts paused (staff paused it and a
/// restart or a power cut must not open it to participants); absent: it starts on welcome.
package struct KioskPauseFile: Sendable {
    /// The file.
    package var path: String

    /// The pause file at `path`.
    package init(path: String) { self.path = path }

    /// The pause file of the station whose data folder is `dataDirectory`.
    package init(dataDirectory: String) { path = (dataDirectory as NSString).appendingPathComponent("paused") }

    /// Whether the station is paused.
    package var isPaused: Bool { FileManager.default.fileExists(atPath: path) }

    /// Pauses (writes the file, with `date`) or resumes (removes it).
    package func set(paused: Bool, at date: Date) throws(PrivateFile.Failure) {
        if paused {
            try PrivateFile.write(Data("paused at \(ISO8601DateFormatter().string(from: date))\n".utf8), to: path)
        } else if unlink(path) != 0, errno != ENOENT {
            throw PrivateFile.failure(path, "cannot be removed")
        }
    }
}
