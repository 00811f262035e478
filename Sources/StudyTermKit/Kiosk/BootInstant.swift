import Foundation

/// An instant on the boot clock (`CLOCK_BOOTTIME`: seconds since this boot, suspend included), with
/// the boot it belongs to (`/proc/sys/kernel/random/boot_id`). Setting the wall clock does not move
/// it, so a lock measured on it cannot be skipped by a clock change; a reboot starts it again.
package struct BootInstant: Sendable, Equatable, Codable {
    /// The boot's identifier.
    package var bootID: String
    /// Seconds since that boot.
    package var seconds: TimeInterval

    /// An instant.
    package init(bootID: String, seconds: TimeInterval) { (self.bootID, self.seconds) = (bootID, seconds) }

    /// Now, or nil where the boot clock or the boot's identifier cannot be read (not Linux).
    package static func now() -> BootInstant? {
        guard let data = FileManager.default.contents(atPath: "/proc/sys/kernel/random/boot_id"),
              let id = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines), !id.isEmpty else { return nil }
        #if os(Linux)
        var time = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &time) == 0 else { return nil }
        return BootInstant(bootID: id, seconds: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1_000_000_000)
        #else
        return nil
        #endif
    }

    /// The instant `interval` seconds later on the same boot.
    package func adding(_ interval: TimeInterval) -> BootInstant { BootInstant(bootID: bootID, seconds: seconds + interval) }
}
