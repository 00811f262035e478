import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// The full screen and line mode drive the same journey: the same events take both to the same
/// places, through the same services.
@Suite struct JourneyFacesTests {
    /// Runs `commands` of the full screen to their end, answers fed back, as the loop would (timers aside).
    static func settle(_ program: inout JourneyProgram, _ commands: [Command<JourneyMessage>]) {
        var pending = commands[...]
        while let command = pending.popFirst() {
            let message: JourneyMessage?
            switch command {
            case .perform(let effect): message = effect()
            case .work(_, let operation): message = waitForWork { await operation() }
            default: message = nil
            }
            if let message { pending += program.update(message) }
        }
    }

    /// What the services were asked to write, in order. Reads differ (the full screen also reads in
    /// the background), and so does marking read: the full screen's inbox opens on the newest
    /// message, line mode on the list.
    static func writes(_ store: FakeJourneyStore) -> [String] {
        store.calls.filter { call in ["recordConsent", "enroll", "withdraw", "exportData", "startTask"].contains { call.hasPrefix($0) } }
    }

    @Test func theSameEventsTakeBothFacesToTheSamePlacesWithTheSameWrites() throws {
        let fullStore = FakeJourneyStore(now: JourneyFixture.now), lineStore = FakeJourneyStore(now: JourneyFixture.now)
        var program = JourneyProgram(services: fullStore.services(server: JourneyFixture.server()), size: Size(width: 80, height: 24))
        Self.settle(&program, program.initialCommands)
        var line = JourneyLineSession(services: lineStore.services(server: JourneyFixture.server()), output: { _ in }, readLine: { nil })
        line.perform(line.journey.start())
        #expect(program.journey.place == .welcome && line.journey.place == .welcome)
        let events: [JourneyEvent] = [
            .signUp(.demo), .agree, .openInbox, .back, .openSettings, .export(folder: "/media/usb", createFolder: false), .back,
            .refresh, .openSettings, .leave(exportTo: nil, createFolder: false), .farewellRead, .signUp(.demo), .decline, .quit,
        ]
        var places: [JourneyPlace] = []
        for event in events {
            Self.settle(&program, program.drive(event))
            line.drive(event)
            #expect(program.journey.place == line.journey.place, "after \(event)")
            places.append(line.journey.place)
        }
        let session = try #require(places[1].session)
        #expect(places[1] == .dashboard(session) && places[2] == .inbox(session) && places[4] == .settings(session))
        guard case .farewell(let paragraphs) = places[9] else { Issue.record("no farewell: \(places[9])"); return }
        #expect(paragraphs.first == "You left StudyTerm demo study. Your answers stay on this computer.")
        #expect(places.suffix(4) == [.welcome, .joining(StudyInvitation(definition: session.definition, address: nil, token: nil)), .welcome, .ended(.quit)])
        #expect(Self.writes(fullStore) == Self.writes(lineStore))
        #expect(Self.writes(lineStore) == ["recordConsent", "enroll", "exportData /media/usb", "withdraw"])
        #expect(program.outcome == .quit)
    }

    @Test func aResetReturnsBothFacesToWelcomeWithNothingOfTheSessionShown() throws {
        let fullStore = try JourneyFixture.enrolledStore(), lineStore = try JourneyFixture.enrolledStore()
        var program = JourneyProgram(services: fullStore.services(server: JourneyFixture.server()), size: Size(width: 80, height: 24))
        Self.settle(&program, program.initialCommands)
        Self.settle(&program, program.drive(.openSettings))
        var written = ""
        var input = ["1", "q"][...]
        var line = JourneyLineSession(services: lineStore.services(server: JourneyFixture.server()), output: { written += $0 },
                                      readLine: { input.popFirst() })
        line.perform(line.journey.start())
        line.drive(.openSettings)
        #expect(program.route == .settings && line.journey.place == program.journey.place)

        Self.settle(&program, program.update(.reset))
        line.reset()
        #expect(program.route == .welcome && program.journey.place == .welcome && line.journey.place == .welcome)
        #expect(program.session == nil && program.notice == nil && program.offeredToInbox.isEmpty && line.facts == nil)
        // Line mode goes on with welcome's question.
        written = ""
        let outcome = line.proceed()
        #expect(outcome == .quit)
        #expect(written.contains("Welcome to StudyTerm. What would you like to do?"))
    }

    @Test func aTaskTakesBothFacesToTheTaskAndItsRecordedEndBackToTheDashboard() throws {
        let fullStore = try JourneyFixture.enrolledStore(), lineStore = try JourneyFixture.enrolledStore()
        var program = JourneyProgram(services: fullStore.services(server: JourneyFixture.server()), size: Size(width: 80, height: 24))
        Self.settle(&program, program.initialCommands)
        var line = JourneyLineSession(services: lineStore.services(server: JourneyFixture.server()), output: { _ in }, readLine: { nil })
        line.perform(line.journey.start())
        let session = try #require(line.journey.session)
        let task = try #require(session.definition.tasks.first)
        let launch = TaskLaunch(studyID: session.studyID, studyVersion: session.definition.version, task: task, window: nil, resume: nil)
        Self.settle(&program, program.drive(.launch(launch)))
        line.drive(.launch(launch))
        #expect(line.journey.place == .task(launch, session) && program.journey.place == line.journey.place)
        #expect(line.started != nil, "line mode holds the started task to ask it")
        let ended = JourneyEvent.taskRecorded(.success(.discarded), title: task.title)
        Self.settle(&program, program.drive(ended))
        line.drive(ended)
        #expect(line.journey.place == .dashboard(session) && program.journey.place == line.journey.place)
        #expect(Self.writes(fullStore) == Self.writes(lineStore))
    }
}
