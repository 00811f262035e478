import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// Reloading the definition, and reminders when a window opens while the journey runs.
@Suite struct SettingsAndRemindersTests {
    static let reload = JourneyFixture.keys(.character("s"), .down, .enter)

    /// The demo study as version 2, with one more daily task.
    static func version2() throws -> StudyDefinition {
        var def = try JourneyFixture.demo()
        def.version = "2"
        var extra = def.tasks[0]
        (extra.identifier, extra.title) = ("evening", "Evening note")
        extra.schedule = .daily(RepeatingSchedule(time: TimeOfDay(hour: 18), hours: 4))
        def.tasks.append(extra)
        return def
    }

    @Test func aNewVersionSaysWhatChangedAndRecordsTheVersion() throws {
        let store = try JourneyFixture.enrolledStore()
        let server = ScriptedServer([try JourneyFixture.demo(), try Self.version2()])
        let (program, terminal) = JourneyFixture.run(store, server: server, script: Self.reload)
        #expect(program.settings?.report == [
            "Updated from version 1 to 2:", "• New task: Evening note (daily 18:00–22:00).",
            "Your answers, unsent results and unfinished tasks are kept.",
        ])
        #expect(store.calls.contains("updateStudyVersion 2"))
        #expect(!store.calls.contains("withdraw"))
        #expect(program.session?.definition.tasks.count == (try JourneyFixture.demo()).tasks.count + 1, "the demo's tasks and the new one")
        #expect(program.session?.membership.studyVersion == "2")
        #expect(JourneyFixture.screen(terminal).contains("• New task: Evening note (daily 18:00–22:00)."))
    }

    @Test func theSameVersionChangesNothing() throws {
        let store = try JourneyFixture.enrolledStore()
        var edited = try JourneyFixture.demo()
        edited.title = "Renamed without a version bump"
        let (program, _) = JourneyFixture.run(store, server: ScriptedServer([try JourneyFixture.demo(), edited]), script: Self.reload)
        #expect(program.settings?.report == ["You have the latest version (1). Nothing changed."])
        #expect(program.session?.definition.title == "StudyTerm demo study")
        #expect(!store.calls.contains { $0.hasPrefix("updateStudyVersion") })
    }

    @Test func aNewVersionFoundAtStartIsRecordedAndAnnounced() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, server: ScriptedServer([try Self.version2()]), script: [])
        #expect(store.calls.prefix(2) == ["loadMembership", "updateStudyVersion 2"])
        #expect(program.notice?.text == "The study was updated to version 2 (was 1); see Settings for details.")
    }

    @Test func aWindowOpeningWhileRunningShowsAReminderLine() throws {
        let store = try JourneyFixture.enrolledStore(at: JourneyFixture.now.addingTimeInterval(-2.5 * 3600))   // 07:30
        let (program, terminal) = JourneyFixture.run(store, script: [.wait(.seconds(45 * 60))])
        #expect(program.notice == Notice("Paced breathing is open until 22:00. Press M for messages.", tone: .reminder))
        #expect(JourneyFixture.screen(terminal).contains("» Paced breathing is open until 22:00."))
        #expect(store.inbox.first?.title == "Paced breathing is open until 22:00")
    }

    @Test func remindersAlreadyDeliveredAreNotRepeated() throws {
        let store = try JourneyFixture.enrolledStore()
        JourneyFixture.run(store, script: [])
        let before = store.inbox.count
        let (program, _) = JourneyFixture.run(store, script: [.wait(.seconds(120))])
        #expect(store.inbox.count == before)
        #expect(program.notice == nil)
    }
}

extension SettingsAndRemindersTests {
    @Test func theInboxIsOfferedEachReminderOnceWhileTheJourneyRuns() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, script: [.wait(.seconds(180))] + JourneyFixture.keys(.character("r")))
        #expect(store.calls.filter { $0.hasPrefix("deliver") } == ["deliver 4"])
        #expect(store.calls.filter { $0 == "loadFacts" }.count >= 4)
        #expect(program.offeredToInbox.count == 4)
    }
}
