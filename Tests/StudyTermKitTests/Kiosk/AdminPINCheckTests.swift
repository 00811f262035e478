import Foundation
import StudyTUI
import Testing
@testable import StudyTermKit

/// The station's live admin PIN check: the PIN file's key, the lockout file (read afresh, so a
/// restart keeps the lock), and the audit log's records, which never hold the digits.
@Suite struct AdminPINCheckTests {
    /// A check over a PIN file holding `pin` (few rounds: the test is about the policy), at `clock`'s
    /// time on the wall and on the boot clock (one boot).
    func check(in folder: KioskTestFolder, pin: String = "40271938", audit: StationAudit,
               clock: @escaping @Sendable () -> Date) throws -> @Sendable (String) -> KioskAdminCheck {
        let pinFile = folder.file("admin-pin.json")
        if !FileManager.default.fileExists(atPath: pinFile) { try AdminPIN(pin: pin, rounds: 1_000).write(to: pinFile) }
        return LiveKioskServices.checkAdminPIN(pinFile: pinFile, lockout: PINLockoutFile(path: folder.file("pin-lockout.json")),
                                               audit: audit, status: nil, now: clock,
                                               boot: { BootInstant(bootID: "test-boot", seconds: clock().timeIntervalSince1970) })
    }

    @Test func fiveWrongPINsLockForThirtySecondsAndARestartedCheckIsStillLocked() throws {
        let folder = try KioskTestFolder()
        let audit = try StationAudit(path: folder.file("audit.log"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try check(in: folder, audit: audit, clock: { now })
        #expect((1...4).map { _ in first("86153972") } == Array(repeating: .refused(lockedSeconds: 0), count: 4))
        #expect(first("86153972") == .refused(lockedSeconds: 30))
        let restarted = try check(in: folder, audit: audit, clock: { now.addingTimeInterval(10) })
        #expect(restarted("40271938") == .locked(remainingSeconds: 20), "the right PIN is not checked while locked")
        let later = try check(in: folder, audit: audit, clock: { now.addingTimeInterval(31) })
        #expect(later("40271938") == .accepted)
        let log = try String(contentsOfFile: folder.file("audit.log"), encoding: .utf8)
        #expect(log.components(separatedBy: "\"admin-failed\"").count - 1 == 5)
        #expect(log.components(separatedBy: "\"admin-succeeded\"").count - 1 == 1)
        #expect(!log.contains("86153972") && !log.contains("40271938"))
        #expect(try folder.mode("pin-lockout.json") == 0o600)
    }

    @Test func aWallClockSetForwardDoesNotEndTheLockWithinTheBoot() throws {
        let folder = try KioskTestFolder()
        let audit = try StationAudit(path: folder.file("audit.log"))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let file = PINLockoutFile(path: folder.file("pin-lockout.json"))
        try AdminPIN(pin: "40271938", rounds: 1_000).write(to: folder.file("admin-pin.json"))
        let atBoot = { @Sendable (wall: Date, seconds: Double) in
            LiveKioskServices.checkAdminPIN(pinFile: folder.file("admin-pin.json"), lockout: file, audit: audit, status: nil, now: { wall },
                                            boot: { BootInstant(bootID: "boot-a", seconds: seconds) })
        }
        for _ in 1...5 { _ = atBoot(now, 100)("86153972") }
        #expect(atBoot(now.addingTimeInterval(86_400), 110)("40271938") == .locked(remainingSeconds: 20), "a day later on the wall, 10 s on the boot clock")
        #expect(atBoot(now.addingTimeInterval(86_400), 131)("40271938") == .accepted)
    }

    @Test func withoutAPINFileNothingOpensTheMenu() throws {
        let folder = try KioskTestFolder()
        let audit = try StationAudit(path: folder.file("audit.log"))
        let verify = LiveKioskServices.checkAdminPIN(pinFile: folder.file("missing.json"), lockout: PINLockoutFile(path: folder.file("l.json")),
                                                     audit: audit, status: nil, now: { Date() })
        guard case .unavailable(let reason) = verify("40271938") else { Issue.record("a PIN opened the menu without a PIN file"); return }
        #expect(reason.contains("set-pin"))
    }
}
