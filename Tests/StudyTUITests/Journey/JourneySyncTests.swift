import Foundation
import StudyCore
@testable import StudyTUI
import TUIKit
import Testing

/// Sending in the journey: Settings show the sending state and send at once; a round follows a
/// finished task; a study without a server says that nothing is sent.
@Suite struct JourneySyncTests {
    static let toSending = JourneyFixture.keys(.character("s"), .down, .down, .down)

    static func status() -> SyncStatus {
        SyncStatus(waiting: 2, parked: ["The study server refused (HTTP 400): items[0].payload is not a task result (SageResearch v4 JSON)."],
                   nextAttemptAt: JourneyFixture.now.addingTimeInterval(120), lastSuccessAt: JourneyFixture.now.addingTimeInterval(-3600),
                   lastError: "The study server cannot be reached: the connection was refused.")
    }

    @Test func settingsShowWhatWaitsTheLastProblemAndWhatWasRefused() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = Self.status()
        let (program, terminal) = JourneyFixture.run(store, script: Self.toSending)
        #expect(program.settings?.selection == .sending)
        let shown = JourneyFixture.screen(terminal).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(shown.contains("2 items waiting to be sent; next try"))
        #expect(shown.contains("Last sent: Fri 27 Mar 09:00"))
        #expect(shown.contains("Last problem: The study server cannot be reached: the connection was refused."))
        #expect(shown.contains("Refused by the study server (kept here; tell the study team):"))
        #expect(shown.contains("items[0].payload is not a task result"))
    }

    @Test func sendNowSendsAndSaysWhatIsLeft() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = Self.status()
        let (program, terminal) = JourneyFixture.run(store, script: Self.toSending + JourneyFixture.keys(.enter))
        #expect(store.calls.filter { $0 == "sendOutbox" }.count == 2, "at start and on Enter")
        #expect(program.settings?.busy == nil)
        var shown = JourneyFixture.screen(terminal).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(shown.contains("2 items waiting to be sent; next try"))
        #expect(shown.contains("Last problem: The study server cannot be reached"))
        store.syncStatus = SyncStatus(waiting: 0, lastSuccessAt: JourneyFixture.now)
        let (_, sent) = JourneyFixture.run(store, script: Self.toSending + JourneyFixture.keys(.enter))
        shown = JourneyFixture.screen(sent).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(shown.contains("Everything is sent. Last sent: Fri 27 Mar 10:00"), "\(shown)")
    }

    @Test func aStudyWithoutAServerSaysNothingIsSent() throws {
        let store = try JourneyFixture.enrolledStore()
        let (program, terminal) = JourneyFixture.run(store, script: Self.toSending + JourneyFixture.keys(.enter))
        #expect(!store.calls.contains("sendOutbox"))
        #expect(program.settings?.report == ["This study lives on this computer: there is no study server to send to. Export your data to give it to the study team."])
        #expect(JourneyFixture.screen(terminal).contains("there is no study server"))
    }

    @Test func aFinishedTaskStartsARoundOfSending() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = SyncStatus(waiting: 0)
        _ = JourneyFixture.run(store, script: JourneyFixture.keys(.enter, .ctrl("c"), .character("2")))   // the check-in, saved
        let finish = try #require(store.calls.firstIndex(of: "finish saved"))
        #expect(store.calls[finish...].contains("sendOutbox"), "\(store.calls)")
    }
}
