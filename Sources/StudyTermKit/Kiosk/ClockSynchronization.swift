import Foundation

/// Whether the system clock is synchronized, read from files only (the running station spawns no
/// `timedatectl`): systemd-timesyncd creates `/run/systemd/timesync/synchronized` once it has
/// synchronized the clock, and keeps `/run/systemd/timesync` while it runs. Without timesyncd
/// (chrony, ntpd, no daemon) the answer is nil: it cannot be told, and `kiosk doctor` checks.
package struct ClockSynchronization: Sendable {
    /// timesyncd's runtime folder.
    package var folder: String

    /// The check of timesyncd's runtime folder (another folder in tests).
    package init(folder: String = "/run/systemd/timesync") { self.folder = folder }

    /// True when synchronized, false when timesyncd runs but has not synchronized, nil when no
    /// timesyncd runs.
    package var synchronized: Bool? {
        if FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("synchronized")) { return true }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue ? false : nil
    }
}
