import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// The journey's screens as plain text at 80x24, 50x16 and the 40x12 minimum, from real runs.
@Suite struct JourneySnapshotTests {
    static let leaveQuestion = JourneyFixture.keys(.character("s"), .down, .down, .down, .down, .enter)
    /// Every supported size the snapshots are taken at.
    static let sizes = [(80, 24), (50, 16), (40, 12)]

    @Test(arguments: sizes)
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

    @Test(arguments: sizes)
    func consent(width: Int, height: Int) {
        let (_, terminal) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), width: width, height: height,
                                               script: JourneyFixture.keys(.character("d"), .enter))
        Snapshot.check(JourneyFixture.screen(terminal), named: "consent-\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func dashboard(width: Int, height: Int) throws {
        let store = try JourneyFixture.enrolledStore()
        store.facts = DashboardFacts(progress: StudyProgress(completedCounts: ["every-input": 1]),
                                     openRuns: [OpenRun(runID: UUID(), taskID: "wellbeing", snapshot: nil, updatedAt: JourneyFixture.now)],
                                     results: ResultCounts(stored: 1, completed: 1, unsent: 1))
        let (_, terminal) = JourneyFixture.run(store, width: width, height: height, script: [])
        Snapshot.check(JourneyFixture.screen(terminal), named: "dashboard-\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func settingsDetails(width: Int, height: Int) throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), width: width, height: height,
                                               script: JourneyFixture.keys(.character("s")))
        Snapshot.check(JourneyFixture.screen(terminal), named: "settings-\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func settingsLeaveQuestion(width: Int, height: Int) throws {
        let store = try JourneyFixture.enrolledStore()
        store.facts = DashboardFacts(results: ResultCounts(stored: 3, completed: 2, unsent: 3))
        let (_, terminal) = JourneyFixture.run(store, width: width, height: height, script: Self.leaveQuestion)
        Snapshot.check(JourneyFixture.screen(terminal), named: "settings-leave-\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func settingsExportFolder(width: Int, height: Int) throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), width: width, height: height,
                                               script: Self.leaveQuestion + JourneyFixture.keys(.enter))
        Snapshot.check(JourneyFixture.screen(terminal), named: "settings-export-\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func farewell(width: Int, height: Int) throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), width: width, height: height,
                                               script: Self.leaveQuestion + JourneyFixture.keys(.enter, .enter))
        Snapshot.check(JourneyFixture.screen(terminal), named: "farewell-\(width)x\(height)")
    }

    @Test(arguments: sizes)
    func inbox(width: Int, height: Int) throws {
        let (_, terminal) = JourneyFixture.run(try JourneyFixture.enrolledStore(), width: width, height: height,
                                               script: JourneyFixture.keys(.character("m"), .down))
        Snapshot.check(JourneyFixture.screen(terminal), named: "inbox-\(width)x\(height)")
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
