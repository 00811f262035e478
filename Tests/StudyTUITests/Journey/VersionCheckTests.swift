import Foundation
import StudyCore
@testable import StudyTUI
import TUIKit
import Testing

/// A new version reaches a participant who never opens Settings: the journey asks the server at
/// start and on the sending round once an hour, and says what changed.
@Suite struct VersionCheckTests {
    static func version(_ number: String) throws -> StudyDefinition {
        var definition = try JourneyFixture.demo()
        definition.version = number
        return definition
    }

    @Test func aVersionPublishedBeforeTheStartIsAppliedAtStartWithoutAKey() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = SyncStatus(waiting: 0)
        let server = ScriptedServer([try Self.version("1"), try Self.version("2")])
        let (program, terminal) = JourneyFixture.run(store, server: server, script: [.realTime(.milliseconds(300))])
        #expect(program.session?.definition.version == "2")
        #expect(program.notice?.text.contains("updated to version 2 (was 1)") == true, "\(String(describing: program.notice))")
        #expect(JourneyFixture.screen(terminal).contains("updated to version 2"))
    }

    @Test func aVersionPublishedWhileTheAppRunsArrivesWithinTheHour() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = SyncStatus(waiting: 0)
        // The start and its check see version 1; the next check (an hour later) sees version 2.
        let server = ScriptedServer([try Self.version("1"), try Self.version("1"), try Self.version("2")])
        var script: [HeadlessTerminal.Input] = [.realTime(.milliseconds(200))]
        for _ in 0..<62 { script += [.wait(.seconds(60)), .realTime(.milliseconds(20))] }
        let (program, _) = JourneyFixture.run(store, server: server, script: script)
        #expect(program.session?.definition.version == "2")
        #expect(program.notice?.text.contains("updated to version 2") == true, "\(String(describing: program.notice))")
    }

    @Test func aCheckWithinTheHourDoesNotAskTheServerAgain() throws {
        let store = try JourneyFixture.enrolledStore()
        store.syncStatus = SyncStatus(waiting: 0)
        let server = ScriptedServer([try Self.version("1"), try Self.version("1"), try Self.version("2")])
        var script: [HeadlessTerminal.Input] = [.realTime(.milliseconds(200))]
        for _ in 0..<30 { script += [.wait(.seconds(60)), .realTime(.milliseconds(20))] }
        let (program, _) = JourneyFixture.run(store, server: server, script: script)
        #expect(program.session?.definition.version == "1", "half an hour: no second check yet")
    }

    @Test func aNewVersionThatArrivesDuringATaskWaitsUntilTheDashboardShowsAgain() throws {
        let store = try JourneyFixture.enrolledStore()
        let (started, _) = JourneyFixture.run(store, script: [.realTime(.milliseconds(200)), .key(.enter), .realTime(.milliseconds(200))])
        var program = started
        guard case .task = program.destination else {
            Issue.record("the check-in did not start: \(program.route)")
            return
        }
        var newer = try #require(program.session)
        newer.definition.version = "2"
        _ = program.update(.versionChecked(.success(newer)))
        #expect(program.session?.definition.version == "1", "never in the middle of a task")
        #expect(program.pendingUpdate?.definition.version == "2")
        // Back on the dashboard (the task's end recorded), its facts read: the new version is put
        // in force and named.
        _ = program.update(.taskRecorded(.success(.saved), title: "Daily check-in"))
        #expect(program.route == .dashboard && program.session?.definition.version == "1")
        _ = program.update(.factsLoaded(FactsUpdate(result: .failure(.storage("not read")), at: JourneyFixture.now, delivered: [],
                                                    offered: [], fromClock: false)))
        #expect(program.session?.definition.version == "2")
        #expect(program.pendingUpdate == nil)
        #expect(program.notice?.text.contains("updated to version 2 (was 1)") == true)
    }
}
