import Foundation
import Testing
@testable import StudyTermKit

/// Wrong PINs lock the admin prompt with the documented backoff, which survives a restart.
@Suite struct PINLockoutTests {
    /// The documented schedule: the lock after each of 20 wrong PINs, in seconds.
    static let schedule: [TimeInterval] = [0, 0, 0, 0, 30, 60, 120, 240, 480] + Array(repeating: 900, count: 11)

    @Test func twentyWrongPINsGetTheDocumentedBackoffAcrossRestarts() throws {
        let folder = try KioskTestFolder()
        let file = PINLockoutFile(path: folder.file("pin-lockout.json"))
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        var locks: [TimeInterval] = []
        for attempt in 1...20 {
            // Each attempt is made by a freshly started station that reads the file.
            var lockout = file.load(now: now)
            #expect(lockout.admission(at: now) == .allowed, "attempt \(attempt)")
            lockout.record(correct: false, at: now)
            try file.save(lockout)
            let reopened = file.load(now: now)
            #expect(reopened == lockout)
            guard case .locked(let remaining) = reopened.admission(at: now) else { locks.append(0); continue }
            locks.append(remaining)
            let justBefore = now.addingTimeInterval(remaining - 1)
            #expect(file.load(now: justBefore).admission(at: justBefore) == .locked(remaining: 1))
            now = now.addingTimeInterval(remaining)
        }
        #expect(locks == Self.schedule)
        #expect(try folder.mode("pin-lockout.json") == 0o600)
    }

    @Test func theRightPINClearsTheCount() {
        var lockout = PINLockout()
        let now = Date(timeIntervalSince1970: 0)
        for _ in 0..<4 { lockout.record(correct: false, at: now) }
        #expect(lockout.failures == 4 && lockout.admission(at: now) == .allowed)
        lockout.record(correct: true, at: now)
        #expect(lockout == PINLockout())
    }

    @Test func aClockSetBackCannotLengthenALock() {
        var lockout = PINLockout()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for _ in 0..<5 { lockout.record(correct: false, at: now) }
        let yearBefore = now.addingTimeInterval(-365 * 86_400)
        #expect(lockout.admission(at: yearBefore) == .locked(remaining: 30))
        #expect(lockout.admission(at: now.addingTimeInterval(30)) == .allowed)
    }

    @Test func aDamagedLockoutFileLocksForTheLongestTime() throws {
        let folder = try KioskTestFolder()
        try folder.write("pin-lockout.json", "{not json")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(PINLockoutFile(path: folder.file("pin-lockout.json")).load(now: now).admission(at: now) == .locked(remaining: 900))
        #expect(PINLockoutFile(path: folder.file("missing.json")).load(now: now) == PINLockout())
    }
}

/// The lock on the boot clock: a wall clock set forward does not end it early within the boot.
@Suite struct PINLockoutBootClockTests {
    @Test func aClockSetForwardCannotEndALockEarlyButARebootFallsBackToTheWallClock() {
        var lockout = PINLockout()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let boot = BootInstant(bootID: "boot-a", seconds: 100)
        for _ in 0..<5 { lockout.record(correct: false, at: now, boot: boot) }
        let dayLater = now.addingTimeInterval(86_400)
        #expect(lockout.admission(at: dayLater, boot: boot.adding(10)) == .locked(remaining: 20))
        #expect(lockout.admission(at: dayLater, boot: boot.adding(30)) == .allowed)
        #expect(lockout.admission(at: dayLater, boot: BootInstant(bootID: "boot-b", seconds: 5)) == .allowed)
        #expect(lockout.admission(at: now.addingTimeInterval(10), boot: BootInstant(bootID: "boot-b", seconds: 5)) == .locked(remaining: 20))
    }

    @Test func theBootClockIsReadOnLinuxAndMovesForward() throws {
        #if os(Linux)
        let first = try #require(BootInstant.now())
        let second = try #require(BootInstant.now())
        #expect(first.bootID == second.bootID && second.seconds >= first.seconds && first.seconds > 0)
        #endif
    }

    @Test func theBootInstantSurvivesTheLockoutFile() throws {
        let folder = try KioskTestFolder()
        let file = PINLockoutFile(path: folder.file("pin-lockout.json"))
        var lockout = PINLockout()
        for _ in 0..<5 { lockout.record(correct: false, at: Date(), boot: BootInstant(bootID: "boot-a", seconds: 7)) }
        try file.save(lockout)
        #expect(file.load(now: Date()).lockedUntilBoot == BootInstant(bootID: "boot-a", seconds: 37))
    }
}
