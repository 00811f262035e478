import Foundation
import StudyCore
import StudyTestSupport
import Testing
import TUIKit
@testable import StudyTUI

/// The demo study, a fixed clock and headless runs of the journey for the journey tests.
enum JourneyFixture {
    /// Friday 27 March 2026, 10:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_774_605_600)

    /// The local server with the bundled demo study.
    static func server() -> LocalStudyServer {
        LocalStudyServer(demoFolder: RepositoryResources.folder.appendingPathComponent("demo-study"),
                         loader: StubQuestionnaireImporter.studyLoader, currentDirectory: "/", home: "/root")
    }

    /// The demo study's definition.
    static func demo() throws -> StudyDefinition {
        let server = server()
        return try waitForWork { () async throws(SignUpError) in try await server.lookUp(.demo) }.definition
    }

    /// A fake store enrolled in the demo study at `now`, having agreed to `consentTo` (the demo
    /// study's definition by default).
    static func enrolledStore(at date: Date = now, consentTo agreed: StudyDefinition? = nil) throws -> FakeJourneyStore {
        let def = try demo()
        return FakeJourneyStore(now: date, membership: StudyMembership(studyID: def.identifier, studyVersion: def.version, enrolledAt: date),
                                consents: [ConsentAgreement(definition: agreed ?? def, agreedAt: date)])
    }

    /// Runs a journey on a headless terminal with `script`; returns the final program and the terminal.
    @discardableResult
    static func run(_ store: FakeJourneyStore, server: any StudyServer = server(), width: Int = 80, height: Int = 24,
                    script: [HeadlessTerminal.Input]) -> (program: JourneyProgram, terminal: HeadlessTerminal) {
        let terminal = HeadlessTerminal(width: width, height: height, script: script)
        store.clock = terminal.clock
        var loop = EventLoop(program: JourneyProgram(services: store.services(server: server), size: terminal.size),
                             terminal: terminal, clock: terminal.clock.monotonic, settlesWork: true)
        _ = loop.run()
        return (loop.program, terminal)
    }

    /// The last frame as plain text.
    static func screen(_ terminal: HeadlessTerminal) -> String {
        terminal.lastFrame?.canvas.plainText() ?? ""
    }

    /// Key presses.
    static func keys(_ keys: Key...) -> [HeadlessTerminal.Input] { keys.map { .key($0) } }
}
