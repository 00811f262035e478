import Foundation
import StudyCore
import StudyTUI

extension LiveKioskServices {
    /// The lockout file of `configuration`'s station: `pin-lockout.json` in its data folder.
    package static func lockoutFile(_ configuration: KioskConfiguration) -> PINLockoutFile {
        PINLockoutFile(path: (configuration.dataDirectory as NSString).appendingPathComponent("pin-lockout.json"))
    }

    /// The admin prompt's check: refused unchecked while the lockout (read from its file, so it
    /// survives a restart) is locked; else the PIN is derived and compared with `pinFile`'s, the
    /// lockout recorded and saved, and the outcome audited (counts and seconds, never the PIN);
    /// the status file is written again so its audit head stays current. The lock is measured on
    /// `boot` too (the boot clock), so a wall clock set forward does not end it early.
    package static func checkAdminPIN(pinFile: String, lockout file: PINLockoutFile, audit: StationAudit, status: StationStatus?,
                                      now: @escaping @Sendable () -> Date,
                                      boot: @escaping @Sendable () -> BootInstant? = { BootInstant.now() }) -> @Sendable (String) -> KioskAdminCheck {
        { pin in
            var lockout = file.load(now: now())
            if case .locked(let remaining) = lockout.admission(at: now(), boot: boot()) {
                return .locked(remainingSeconds: Int(remaining.rounded(.up)))
            }
            let stored: AdminPIN
            do throws(PrivateFile.Failure) { stored = try AdminPIN.read(from: pinFile) } catch { return .unavailable(error.reason) }
            let right = stored.matches(pin)
            let checkedAt = now()
            lockout.record(correct: right, at: checkedAt, boot: boot())
            do throws(PrivateFile.Failure) { try file.save(lockout) } catch {
                return .unavailable("the lockout file cannot be written (\(error.reason))")
            }
            if right {
                audit.record(.adminSucceeded, at: checkedAt)
                status?.write(at: checkedAt)
                return .accepted
            }
            let locked = Int(PINLockout.lockDuration(afterFailures: lockout.failures))
            audit.record(.adminFailed(failures: lockout.failures, lockedSeconds: locked), at: checkedAt)
            status?.write(at: checkedAt)
            return .refused(lockedSeconds: locked)
        }
    }
}
