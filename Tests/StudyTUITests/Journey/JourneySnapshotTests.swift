import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// The journey's screens as plain text at 80x24 and at a narrow size, from real runs.
@Suite struct JourneySnapshotTests {
    static let leaveQuestion = JourneyFixture.keys(.character("s"), .down, .down, .down, .enter)

    @Test(arguments: [(80, 24), (50, 16)])
    func welcome(width: Int, height: Int) {
        let (_, terminal) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), width: width, height: height, script: [])
        Snapshot.check(JourneyFixture.screen(terminal), named: "welcome-\(width)x\(height)")
    }

    @Test func welcomeAfterAFailedSignUp() {
        let script = JourneyFixture.keys(.enter) + HeadlessTerminal.Input.typing("/srv/studies/sleep")
            + JourneyFixture.keys(.enter) + HeadlessTerminal.Input.typing("abcd-O123") + JourneyFixture.keys(.enter)
        let (_, terminal) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), script: script)
        Snapshot.check(JourneyFixture.screen(terminal), named: "welcome-failed-80x24")
    }

    @Test(arguments: [(80, 24), (50, 16)])
    func consent(width: Int, height: Int) {
        let (_, terminal) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), width: width, height: height,
                                               script: JourneyFixture.keys(.character("d"), .character(" ")))
        Snapshot.check(JourneyFixture.screen(terminal), named: "consent-\(width)x\(height)")
    }

    @Test(arguments: [(80, 24), (50, 16)])
    func dashboard(width: Int, height: Int) throws {
        let store = try JourneyFixture.enrolledStore()
        store.facts = DashboardFacts(progress: StudyProgress(completedCounts: ["every-input": 1]),
                                     openRuns: [OpenRun(runID: UUID(), taskID: "wellbeing", snapshot: nil, updatedAt: JourneyFixture.now)],
                                     results: ResultCounts(stored: 1, completed: 1, unsent: 1))
        let (_, terminal) = JourneyFixture.run(store, width: width, height: height, script: [])
        Snapshot.check(JourneyFixture.screen(terminal), named: "dashboard-\(width)x\(height)")
    }

    @Test func settingsDetails() throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), script: JourneyFixture.keys(.character("s")))
        Snapshot.check(JourneyFixture.screen(terminal), named: "settings-80x24")
    }

    @Test func settingsLeaveQuestion() throws {
        let store = try JourneyFixture.enrolledStore()
        store.facts = DashboardFacts(results: ResultCounts(stored: 3, completed: 2, unsent: 3))
        let (_, terminal) = JourneyFixture.run(store, script: Self.leaveQuestion)
        Snapshot.check(JourneyFixture.screen(terminal), named: "settings-leave-80x24")
    }

    @Test func inbox() throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), script: JourneyFixture.keys(.character("m"), .down))
        Snapshot.check(JourneyFixture.screen(terminal), named: "inbox-80x24")
    }

    @Test func tooSmall() {
        let (_, terminal) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), width: 30, height: 8, script: [])
        let words = JourneyFixture.screen(terminal).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words == "Make the terminal at least 40×12 (now 30×8). Ctrl-C quits.")
    }

    @Test func resizingRedrawsAtTheNewSize() throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), script: [.event(.resize(width: 50, height: 16))])
        #expect(terminal.lastFrame?.canvas.size == Size(width: 50, height: 16))
        #expect(JourneyFixture.screen(terminal).contains("Your tasks"))
    }

    @Test func textFromTheStudyIsSanitized() throws {
        var def = try JourneyFixture.demo()
        def.tasks[0].title = "Evil\u{1B}]0;pwned\u{07} title\u{1B}[2J"
        let store = try JourneyFixture.enrolledStore()
        let (_, terminal) = JourneyFixture.run(store, server: ScriptedServer([def]), script: [])
        let text = JourneyFixture.screen(terminal)
        #expect(text.contains("Evil title"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
