import Foundation

/// The admin prompt's lockout: wrong PINs lock it with exponential backoff, and the state is a
/// value the station persists (`PINLockoutFile`) so a restart does not reset it.
///
/// Schedule: the first `freeFailures` wrong PINs cost nothing; the 5th and every later one
/// locks the prompt for 30 s × 2^(failures − 5), at most `maximumLock` (15 min): 30 s, 60 s,
/// 2 min, 4 min, 8 min, then 15 min for each further one. A PIN given while locked is refused
/// unchecked and does not count. The right PIN resets the count. There is no permanent lock, so
/// a participant cannot disable the station.
package struct PINLockout: Sendable, Equatable, Codable {
    /// Wrong PINs that lock nothing.
    package static let freeFailures = 4
    /// The first lock.
    package static let firstLock: TimeInterval = 30
    /// The longest lock.
    package static let maximumLock: TimeInterval = 15 * 60

    /// Wrong PINs since the last right one.
    package private(set) var failures: Int
    /// Until when PINs are refused (wall clock).
    package private(set) var lockedUntil: Date?
    /// Until when PINs are refused on the boot clock, when it could be read: within the same boot
    /// it decides, so setting the wall clock forward does not end a lock early.
    package private(set) var lockedUntilBoot: BootInstant?

    /// What the prompt may do with a PIN now.
    package enum Admission: Equatable {
        /// Check it.
        case allowed
        /// Refuse it unchecked for this many more seconds.
        case locked(remaining: TimeInterval)
    }

    /// A lockout with no failures.
    package init(failures: Int = 0, lockedUntil: Date? = nil) { (self.failures, self.lockedUntil) = (failures, lockedUntil) }

    /// The lock that follows the `failures`-th wrong PIN (0 for the free ones).
    package static func lockDuration(afterFailures failures: Int) -> TimeInterval {
        guard failures > freeFailures else { return 0 }
        let doublings = min(failures - freeFailures - 1, 16)
        return min(firstLock * pow(2, Double(doublings)), maximumLock)
    }

    /// Whether a PIN may be checked at `now` (and `boot`, the boot clock's now). A clock set back
    /// cannot lengthen a lock beyond its own duration; within the boot the lock was recorded in,
    /// the boot clock measures it, so a clock set forward cannot shorten it either.
    package func admission(at now: Date, boot: BootInstant? = nil) -> Admission {
        guard let until = lockedUntil else { return .allowed }
        var left = until.timeIntervalSince(now)
        if let boot, let end = lockedUntilBoot, end.bootID == boot.bootID { left = end.seconds - boot.seconds }
        let remaining = min(left, Self.lockDuration(afterFailures: failures))
        return remaining > 0 ? .locked(remaining: remaining) : .allowed
    }

    /// Records a checked PIN's outcome at `now` (and `boot`): a right one clears the count, a wrong
    /// one counts and may lock. Precondition: the PIN was admitted.
    package mutating func record(correct: Bool, at now: Date, boot: BootInstant? = nil) {
        if correct {
            (failures, lockedUntil, lockedUntilBoot) = (0, nil, nil)
            return
        }
        failures += 1
        let lock = Self.lockDuration(afterFailures: failures)
        lockedUntil = lock > 0 ? now.addingTimeInterval(lock) : nil
        lockedUntilBoot = lock > 0 ? boot?.adding(lock) : nil
    }
}
