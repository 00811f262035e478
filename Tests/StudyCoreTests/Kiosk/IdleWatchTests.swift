import Testing
@testable import StudyCore

@Suite("A kiosk screen's idle timeout")
struct IdleWatchTests {
    func watch(limit: Int = 120, warning: Int = 30, extensions: Int = 10, start: Int = 0) throws -> IdleWatch {
        try IdleWatch(limit: .seconds(limit), warning: .seconds(warning), extensions: extensions, start: .seconds(start))
    }

    @Test("is quiet until the warning, warns with a countdown, then expires")
    func phases() throws {
        let idle = try watch()
        #expect(idle.phase(at: .seconds(10)) == .quiet(untilWarning: .seconds(80)))
        #expect(idle.phase(at: .seconds(90)) == .warning(remaining: .seconds(30)))
        #expect(idle.countdownSeconds(at: .milliseconds(90_500)) == 30)
        #expect(idle.countdownSeconds(at: .seconds(119)) == 1)
        #expect(idle.countdownSeconds(at: .seconds(50)) == nil)
        #expect(idle.phase(at: .seconds(120)) == .expired)
    }

    @Test("a key before the warning starts the wait again without using an extension")
    func activityBeforeWarning() throws {
        var idle = try watch()
        let held = idle.keyPressed(at: .seconds(60))
        #expect(held)
        #expect(idle.extensionsLeft == 10)
        #expect(idle.expiry == .seconds(180))
        #expect(idle.phase(at: .seconds(150)) == .warning(remaining: .seconds(30)))
    }

    @Test("a key during the warning extends at least ten times, then no longer holds the screen")
    func tenExtensions() throws {
        var idle = try watch()
        var now = Duration.seconds(0)
        for round in 1...10 {
            now = idle.warningStart + .seconds(5)
            #expect(idle.countdownSeconds(at: now) == 25)
            let held = idle.keyPressed(at: now)
            #expect(held, "extension \(round)")
            #expect(idle.phase(at: now) == .quiet(untilWarning: .seconds(90)))
        }
        #expect(idle.extensionsLeft == 0)
        now = idle.warningStart + .seconds(1)
        let heldAfter = idle.keyPressed(at: now)
        #expect(!heldAfter)
        #expect(idle.phase(at: idle.expiry) == .expired)
        #expect(idle.expiry == now - .seconds(1) + .seconds(30))
    }

    @Test("a key after the end does not bring the screen back")
    func noRevival() throws {
        var idle = try watch()
        let held = idle.keyPressed(at: .seconds(121))
        #expect(!held)
        #expect(idle.phase(at: .seconds(121)) == .expired)
    }

    @Test("the times are the monotonic clock's: any origin gives the same schedule")
    func anyOrigin() throws {
        let late = try watch(start: 3_600)
        #expect(late.phase(at: .seconds(3_600 + 90)) == .warning(remaining: .seconds(30)))
        #expect(late.expiry == .seconds(3_720))
    }

    @Test("the next change is the warning's start, each second of the countdown, then the end")
    func nextChange() throws {
        let idle = try watch()
        #expect(idle.nextChange(after: .seconds(3)) == .seconds(90))
        #expect(idle.nextChange(after: .seconds(90)) == .seconds(91))
        #expect(idle.nextChange(after: .milliseconds(90_250)) == .seconds(91))
        #expect(idle.nextChange(after: .milliseconds(119_500)) == .seconds(120))
        #expect(idle.nextChange(after: .seconds(120)) == nil)
    }

    @Test("refuses timing that breaks WCAG 2.2.1")
    func refusesShortTiming() {
        #expect(throws: IdleWatch.Problem.warningTooShort(.seconds(19))) { try watch(warning: 19) }
        #expect(throws: IdleWatch.Problem.limitNotAfterWarning(limit: .seconds(20), warning: .seconds(20))) {
            try watch(limit: 20, warning: 20)
        }
        #expect(throws: IdleWatch.Problem.tooFewExtensions(9)) { try watch(extensions: 9) }
    }
}
