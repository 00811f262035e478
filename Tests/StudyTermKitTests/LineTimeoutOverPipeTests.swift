import Foundation
import StudyCore
import StudyStore
import StudyTestSupport
import StudyTUI
import Testing
import TUIKit
@testable import StudyTermKit

#if canImport(Glibc)
    import Glibc
#endif

/// The line journey with an idle timeout over a real pipe, the real reader and the monotonic
/// clock: a prompt left unanswered says the warning, and Enter keeps it going. (Expiry itself is
/// tested on a fake clock: WCAG's 20-second warning makes a real one slow.)
@Suite struct LineTimeoutOverPipeTests {
    /// What the session wrote, read from the test's thread.
    final class Written: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        private var outcome: JourneyOutcome?

        func append(_ more: String) { lock.withLock { text += more } }
        func finish(_ ended: JourneyOutcome) { lock.withLock { outcome = ended } }
        var all: String { lock.withLock { text } }
        var ended: JourneyOutcome? { lock.withLock { outcome } }

        /// Waits until `done` holds, at most `bound` seconds (a busy machine is slow); true if it did.
        func wait(bound: Double = 20, until done: (Written) -> Bool) -> Bool {
            let start = Date()
            while !done(self) {
                if Date().timeIntervalSince(start) > bound { return false }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return true
        }
    }

    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    @Test func anUnansweredConsentPromptWarnsAndEnterKeepsItGoing() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let readEnd = fds[0], writeEnd = fds[1]
        let store = try StudyStore.inMemory()
        let folder = try TemporaryDirectory()
        let server = LocalStudyServer(demoFolder: RepositoryResources.folder.appendingPathComponent("demo-study"),
                                      loader: StudyDefinitionLoader(taskLoader: TaskSource.loader()))
        let services = LiveJourneyServices.make(store: store, server: server, location: DataLocation(folder: folder.url.appendingPathComponent("data")))
        // The warning comes 1 s after a prompt is asked (21 s limit, 20 s warning).
        let timeout = try LinePromptTimeout(limit: .seconds(21), warning: .seconds(20), clock: .process)
        let written = Written()
        Thread.detachNewThread {
            let reader = DeadlineLineReader(fd: readEnd)
            var session = JourneyLineSession(services: services, output: written.append, read: reader.read(until:), timeout: timeout,
                                             sleep: { _ in })
            written.finish(session.play())
        }
        Self.write(writeEnd, "2\n")   // the demo study: its consent asks with a deadline
        #expect(written.wait { $0.all.contains("Statement 1 of 2") })
        #expect(written.wait { $0.all.contains("No answer yet: this will end in ") })
        #expect(written.all.contains("seconds. Press Enter to keep going.\n> "))
        Self.write(writeEnd, "\n")    // Enter: the prompt goes on, asked again
        Self.write(writeEnd, "q\n")
        #expect(written.wait { $0.ended != nil })
        #expect(written.ended == .quit)
        #expect(try store.currentEnrollment() == nil, "nothing was agreed to")
    }
}
