import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// Whole journeys on a headless terminal with an in-memory store.
@Suite struct JourneyFlowTests {
    /// Keys that tick both demo notices and agree: Space ticks, Tab moves on, Enter agrees.
    static let agreeKeys: [HeadlessTerminal.Input] = JourneyFixture.keys(.character(" "), .tab, .character(" "), .tab, .enter)

    @Test func decliningReturnsToWelcomeWithTheTypedTextAndStoresNothing() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (program, terminal) = JourneyFixture.run(store, script:
            JourneyFixture.keys(.enter) + HeadlessTerminal.Input.typing("") + JourneyFixture.keys(.escape, .character("d"), .escape, .escape))
        #expect(program.route == .welcome)
        #expect(store.calls == ["loadMembership"])
        #expect(store.consents.isEmpty)
        #expect(store.membership == nil)
        #expect(program.notice?.text == "You did not join StudyTerm demo study. Nothing was stored.")
        #expect(JourneyFixture.screen(terminal).contains("You did not join StudyTerm demo study"))
    }

    @Test func typedTextSurvivesAFailedSignUpAndADeclinedConsent() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let script = JourneyFixture.keys(.enter) + HeadlessTerminal.Input.typing("/no/such/study")
            + JourneyFixture.keys(.enter) + HeadlessTerminal.Input.typing("abcd") + JourneyFixture.keys(.enter)
        let (program, terminal) = JourneyFixture.run(store, script: script)
        #expect(program.welcome.address.text == "/no/such/study")
        #expect(program.welcome.token.text == "abcd")
        #expect(program.welcome.focus == .address)
        #expect(JourneyFixture.screen(terminal).contains("! No study at /no/such/study: there is no such folder or file."))
    }

    @Test func escapeFromTheFieldsClearsAFailedSignUpAndQQuitsFromTheMenuOnly() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let failed = JourneyFixture.keys(.enter) + HeadlessTerminal.Input.typing("/no/such/study") + JourneyFixture.keys(.enter)
            + HeadlessTerminal.Input.typing("abcd") + JourneyFixture.keys(.enter)
        let (back, terminal) = JourneyFixture.run(store, script: failed + JourneyFixture.keys(.escape))
        #expect(back.welcome.focus == .menu && back.welcome.error == nil)
        #expect(!JourneyFixture.screen(terminal).contains("No study at"))
        let (typing, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter, .character("q")))
        #expect(typing.outcome == nil && typing.welcome.address.text == "q", "in a field, q is typed")
        let (quit, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter, .escape, .character("q")))
        #expect(quit.outcome == .quit && quit.welcome.address.text.isEmpty)
    }

    @Test func agreeingRecordsConsentBeforeEnrollingThenShowsTheDashboard() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d")) + Self.agreeKeys)
        #expect(program.route == .dashboard)
        #expect(Array(store.calls.prefix(3)) == ["loadMembership", "recordConsent", "enroll"])
        let def = try JourneyFixture.demo()
        #expect(store.consents.first?.text == def.consentTextShown)
        #expect(store.consents.first?.definitionVersion == "1")
        #expect(store.consents.first?.acknowledgedNotices == ["voluntary", "local-data"])
        #expect(store.membership?.enrolledAt == JourneyFixture.now)
        #expect(program.notice?.text == "Welcome to StudyTerm demo study. Your consent was recorded.")
    }

    @Test func spaceTicksInPlaceAndEnterTicksAndMovesOn() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (ticked, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .character(" ")))
        #expect(ticked.consent?.acknowledged == ["voluntary"] && ticked.consent?.focus == .notice(0), "Space stays on the statement")
        let (unticked, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .character(" "), .character(" ")))
        #expect(unticked.consent?.acknowledged == [], "a second Space unticks it")
        let (moved, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .enter, .enter))
        #expect(moved.consent?.acknowledged == ["voluntary", "local-data"] && moved.consent?.focus == .agree)
        let (agreed, _) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), script: JourneyFixture.keys(.character("d")) + Self.agreeKeys)
        #expect(agreed.route == .dashboard, "Space then Tab ticks each statement in turn")
    }

    @Test func escapeAsksBeforeDecliningAndAnyOtherKeyGoesBack() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (asked, terminal) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .escape))
        #expect(asked.route == .consent)
        #expect(JourneyFixture.screen(terminal).contains("Press Esc again to decline; any other key goes back."))
        let (stayed, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .escape, .tab, .escape))
        #expect(stayed.route == .consent && stayed.consent?.focus == .notice(0), "the key that answers does nothing else")
        let (declined, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .escape, .escape))
        #expect(declined.route == .welcome)
        #expect(store.consents.isEmpty)
    }

    @Test func theCursorSitsOnTheFocusedButton() throws {
        for (width, height) in [(80, 24), (40, 12)] {
            let store = FakeJourneyStore(now: JourneyFixture.now)
            let (_, terminal) = JourneyFixture.run(store, width: width, height: height,
                                                  script: JourneyFixture.keys(.character("d"), .tab, .tab, .tab))
            let frame = try #require(terminal.lastFrame)
            let cursor = try #require(frame.cursor)
            let row = frame.canvas.plainText().components(separatedBy: "\n")[cursor.y]
            #expect(Array(row)[cursor.x...].starts(with: "[ I do not agree ]"), "\(width)x\(height): \(row) at \(cursor.x)")
        }
    }

    @Test func agreeingWithoutTickingTheNoticesSaysSoAndStoresNothing() throws {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("d"), .tab, .tab, .enter))
        #expect(program.route == .consent)
        #expect(program.consent?.error == "Tick each statement first (0 of 2).")
        #expect(program.consent?.focus == .notice(0))
        #expect(store.consents.isEmpty)
    }

    @Test func startingAnOpenTaskShowsItsScreenInTheSameLoop() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, terminal) = JourneyFixture.run(store, script: JourneyFixture.keys(.enter))
        guard let launch = program.taskVisit?.launch else { Issue.record("no task: \(program.route)"); return }
        #expect(program.outcome == nil)
        #expect(store.calls.contains("startTask checkin"))
        #expect(JourneyFixture.screen(terminal).contains("Daily check-in"))
        #expect(launch.task.identifier == "checkin")
        #expect(launch.resume == nil)
        #expect(launch.window == TaskWindow(start: Date(timeIntervalSince1970: 1_774_569_600), end: Date(timeIntervalSince1970: 1_774_656_000)))
    }

    @Test func anUnfinishedRunIsResumed() throws {
        let store = try JourneyFixture.enrolledStore()
        let open = OpenRun(runID: UUID(), taskID: "wellbeing", snapshot: ["formatVersion": 1], updatedAt: JourneyFixture.now)
        store.facts = DashboardFacts(openRuns: [open])
        let (program, terminal) = JourneyFixture.run(store, script: JourneyFixture.keys(.down))
        #expect(JourneyFixture.screen(terminal).contains("resume"))
        let (resumed, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.down, .enter))
        guard let visit = resumed.taskVisit else { Issue.record("no task"); return }
        #expect(visit.launch.resume == open)
        #expect(visit.screen.run.taskRunUUID == open.runID)
        #expect(program.outcome == nil)
    }

    @Test func aTaskThatIsNotOpenExplainsWhy() throws {
        let store = try JourneyFixture.enrolledStore(at: JourneyFixture.now.addingTimeInterval(-3 * 3600))   // 07:00
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.down, .down, .down, .enter))
        #expect(program.outcome == nil)
        #expect(program.notice?.text == "Paced breathing opens 08:00.")
    }

    @Test func leavingAsksFirstThenRecordsTheWithdrawalShowsTheClosingTextAndReturnsToWelcome() throws {
        let store = try JourneyFixture.enrolledStore()
        let leave = JourneyFixture.keys(.character("s"), .down, .down, .down, .down, .enter, .down, .enter)
        let (program, terminal) = JourneyFixture.run(store, script: leave)
        #expect(program.route == .farewell)
        #expect(store.calls.suffix(1) == ["withdraw"])
        #expect(!store.calls.contains { $0.hasPrefix("exportData") })
        #expect(program.farewell?.paragraphs == ["You left StudyTerm demo study. Your answers stay on this computer.",
                                                 "Thank you for trying the StudyTerm demo study."])
        #expect(JourneyFixture.screen(terminal).contains("Thank you for trying the StudyTerm demo study."))
        let (welcomed, after) = JourneyFixture.run(try JourneyFixture.enrolledStore(), script: leave + JourneyFixture.keys(.enter))
        #expect(welcomed.route == .welcome)
        #expect(JourneyFixture.screen(after).contains("Welcome to StudyTerm"))
    }

    @Test func leavingWithExportAsksForTheFolderExportsFirstAndAFailedExportKeepsTheParticipantIn() throws {
        let store = try JourneyFixture.enrolledStore()
        let leave = JourneyFixture.keys(.character("s"), .down, .down, .down, .down, .enter, .enter)
        let (asking, screen) = JourneyFixture.run(store, script: leave)
        #expect(asking.settings?.prompt?.folder.text == "/home/ada/study-exports", "the current folder is offered")
        #expect(JourneyFixture.screen(screen).contains("[/home/ada/study-exports"))
        let (program, terminal) = JourneyFixture.run(store, script: leave + JourneyFixture.keys(.ctrl("u"))
            + HeadlessTerminal.Input.typing("/media/usb") + JourneyFixture.keys(.enter))
        #expect(program.route == .farewell)
        #expect(store.calls.suffix(2) == ["exportData /media/usb", "withdraw"])
        let shown = JourneyFixture.screen(terminal).split(whereSeparator: \.isWhitespace).joined()
        #expect(shown.contains("/media/usb/studyterm-export-studyterm-demo-2026-03-27-100000"), "the whole path")

        let failing = try JourneyFixture.enrolledStore()
        failing.exportFailure = "the disk is full"
        let (stayed, _) = JourneyFixture.run(failing, script: leave + JourneyFixture.keys(.enter))
        #expect(stayed.route == .settings)
        #expect(!failing.calls.contains("withdraw"))
        #expect(stayed.settings?.prompt?.error == "You are still in the study: the disk is full")
    }

    @Test func aMissingExportFolderIsMadeOnlyAfterAskingAndATypoIsCorrectedInstead() throws {
        let store = try JourneyFixture.enrolledStore()
        store.missingFolders = ["/home/ada/Dokuments"]
        let typed = JourneyFixture.keys(.character("s"), .down, .down, .enter, .ctrl("u")) + HeadlessTerminal.Input.typing("/home/ada/Dokuments")
        let (asked, screen) = JourneyFixture.run(store, script: typed + JourneyFixture.keys(.enter))
        #expect(!store.calls.contains { $0.hasPrefix("exportData") }, "nothing is made or written before the participant says so")
        #expect(asked.settings?.prompt?.error == "The folder /home/ada/Dokuments does not exist. Press Enter again to make it, or correct the name.")
        #expect(JourneyFixture.screen(screen).split(whereSeparator: \.isWhitespace).joined().contains("/home/ada/Dokumentsdoesnotexist"))
        let (made, _) = JourneyFixture.run(store, script: typed + JourneyFixture.keys(.enter, .enter))
        #expect(store.calls.last == "exportData /home/ada/Dokuments (made)")
        #expect(made.settings?.report?.first?.hasPrefix("Exported 2 results to /home/ada/Dokuments/") == true)
        let corrected = try JourneyFixture.enrolledStore()
        corrected.missingFolders = ["/home/ada/Dokuments"]
        _ = JourneyFixture.run(corrected, script: typed + JourneyFixture.keys(.enter, .backspace, .backspace, .backspace, .backspace, .backspace,
                                                                                  .backspace, .backspace, .backspace, .backspace)
                               + HeadlessTerminal.Input.typing("Documents") + JourneyFixture.keys(.enter))
        #expect(corrected.calls.last == "exportData /home/ada/Documents", "an edited name is a new question: never made without asking")
    }

    @Test func exportingAsksForTheFolderAndReportsTheWholePath() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("s"), .down, .down, .enter, .enter))
        #expect(store.calls.last == "exportData /home/ada/study-exports")
        #expect(program.settings?.report == ["Exported 2 results to /home/ada/study-exports/studyterm-export-studyterm-demo-2026-03-27-100000 "
                                             + "(results.json, answers.csv, fhir.ndjson)."])
        let (cancelled, _) = JourneyFixture.run(try JourneyFixture.enrolledStore(),
                                                script: JourneyFixture.keys(.character("s"), .down, .down, .enter, .escape))
        #expect(cancelled.settings?.prompt == nil && cancelled.route == .settings)
    }

    @Test func theInboxGetsTheStudyMessageAndRemindersAndViewingOneMarksItRead() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("m")))
        #expect(program.route == .inbox)
        #expect(store.inbox.map(\.title) == ["Welcome to the demo study", "Paced breathing is open until 22:00",
                                             "Weekly wellbeing is open today", "Daily check-in is open today"])
        #expect(store.inbox.filter(\.isUnread).count == 3, "the first message, shown when the inbox opens, is read")
        #expect(program.inbox?.messages?.first?.isUnread == false)
        #expect(program.notice == nil)
    }

    @Test func movingToAMessageShowsItAndMarksItReadAndOnlyThoseShownAre() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("m"), .down, .down, .up))
        #expect(store.inbox.map(\.isUnread) == [false, false, false, true])
        #expect(program.inbox?.messages?.map(\.isUnread) == [false, false, false, true])
        #expect(store.calls.filter { $0.hasPrefix("markRead") }.count == 3, "a message is marked read once")
        let (back, _) = JourneyFixture.run(store, script: JourneyFixture.keys(.character("m"), .escape))
        #expect(back.dashboard?.facts?.unreadCount == 1)
    }

    @Test func atFortyByTwelveWhyAgreeingDidNotWorkIsOnTheNoticeLineWhole() {
        let keys = JourneyFixture.keys(.character("d"), .tab, .tab, .character(" "))
        let (program, terminal) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), width: 40, height: 12, script: keys)
        #expect(program.route == .consent)
        let rows = JourneyFixture.screen(terminal).components(separatedBy: "\n")
        #expect(rows[10].trimmingCharacters(in: .whitespaces) == "! Tick each statement first (0 of 2).", "\(rows)")
        let (_, scrolled) = JourneyFixture.run(FakeJourneyStore(now: JourneyFixture.now), width: 40, height: 12,
                                               script: keys + JourneyFixture.keys(.down, .tab))
        #expect(scrolled.lastFrame?.canvas.plainText().components(separatedBy: "\n")[10].contains("! Tick each statement") == true,
                "it stays in view while the participant reads on, until a statement is ticked")
    }

    @Test func atFortyByTwelveAConsentThatCouldNotBeRecordedSaysSoOnTheNoticeLine() {
        let store = FakeJourneyStore(now: JourneyFixture.now)
        store.consentFailure = "the disk is full"
        let keys = JourneyFixture.keys(.character("d"), .enter, .enter, .enter, .enter)
        let (program, terminal) = JourneyFixture.run(store, width: 40, height: 12, script: keys)
        #expect(program.route == .consent)
        #expect(program.consent?.error == "Your consent could not be recorded: the disk is full")
        let rows = JourneyFixture.screen(terminal).components(separatedBy: "\n")
        #expect(rows[10].contains("! Your consent could not be"), "\(rows)")
        #expect(store.consents.isEmpty)
    }
}
