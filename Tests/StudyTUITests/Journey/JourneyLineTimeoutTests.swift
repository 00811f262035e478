import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// Line prompts with an idle timeout (a kiosk station's), on a fake reader and a fake clock: the
/// WCAG warning line, Enter extending, the end of the session as `timedOut` (never as the end of
/// input), and a reset to welcome. The journey's ordinary line mode keeps no deadline.
@Suite struct JourneyLineTimeoutTests {
    static let warning = "No answer yet: this will end in 30 seconds. Press Enter to keep going."

    /// A session over `store` reading from `reader`, with its timeout when `timed`.
    static func session(_ store: FakeJourneyStore, _ reader: ScriptedLineReader, timed: Bool = true, extensions: Int = 10,
                        partialAnswers: PartialAnswerPolicy = .keep, written: Written) throws -> JourneyLineSession {
        let timeout = timed ? try reader.timeout(extensions: extensions, partialAnswers: partialAnswers) : nil
        return JourneyLineSession(services: store.services(server: JourneyFixture.server()), output: { written.text += $0 },
                                  read: reader.read, timeout: timeout, sleep: { _ in })
    }

    /// What a session wrote.
    final class Written: @unchecked Sendable {
        var text = ""
        func count(_ needle: String) -> Int { text.components(separatedBy: needle).count - 1 }
    }

    @Test func withoutATimeoutNoReadHasADeadline() throws {
        let reader = ScriptedLineReader([.reply("q", after: .seconds(100_000))])
        let written = Written()
        var session = try Self.session(try JourneyFixture.enrolledStore(), reader, timed: false, written: written)
        #expect(session.play() == .quit)
        #expect(!reader.deadlinesAsked.isEmpty && reader.deadlinesAsked.allSatisfy { $0 == nil })
        #expect(written.count("No answer yet") == 0)
    }

    @Test func anUnansweredPromptWarnsOnceThenEndsTheSessionTimedOut() throws {
        let reader = ScriptedLineReader([.silence])
        let written = Written()
        let start = reader.now
        var session = try Self.session(try JourneyFixture.enrolledStore(), reader, written: written)
        #expect(session.play() == .timedOut)
        #expect(written.count(Self.warning) == 1)
        #expect(written.text.contains("Your tasks:"))
        #expect(reader.now == start + .seconds(120), "it ends at the limit, not before")
        #expect(reader.deadlinesAsked.compactMap { $0 } == [start + .seconds(90), start + .seconds(120)])
        #expect(session.journey.place.isDashboard, "the journey is not quit: the caller resets it")
    }

    @Test func aResetAfterATimeoutGoesOnFromWelcomeWithNothingOfTheSession() throws {
        let reader = ScriptedLineReader([.silence])
        let written = Written()
        var session = try Self.session(try JourneyFixture.enrolledStore(), reader, written: written)
        #expect(session.play() == .timedOut)
        session.reset()
        #expect(session.journey.place == .welcome && session.facts == nil)
        reader.script([.reply("q", after: .zero)])   // the next person at the station
        written.text = ""
        #expect(session.proceed() == .quit)
        #expect(written.text.contains("Welcome to StudyTerm. What would you like to do?") && !written.text.contains("Your tasks:"))
    }

    @Test func enterDuringTheWarningExtendsThePromptAndTheNextReplyCounts() throws {
        // The warning shows at 90 s; Enter at 100 s holds the prompt; "q" at 200 s (past the first
        // expiry at 120 s) is still read as the reply.
        let reader = ScriptedLineReader([.reply("", after: .seconds(100)), .reply("q", after: .seconds(100))])
        let written = Written()
        let start = reader.now
        var session = try Self.session(try JourneyFixture.enrolledStore(), reader, written: written)
        #expect(session.play() == .quit)
        #expect(written.count(Self.warning) == 2)
        #expect(reader.now == start + .seconds(200))
    }

    @Test func aReplyBeforeTheWarningSaysNothingAndStartsTheNextPromptAfresh() throws {
        let reader = ScriptedLineReader([.reply("r", after: .seconds(80)), .reply("q", after: .seconds(80))])
        let written = Written()
        var session = try Self.session(try JourneyFixture.enrolledStore(), reader, written: written)
        #expect(session.play() == .quit)
        #expect(written.count("No answer yet") == 0)
    }

    @Test func enterHoldsThePromptOnlyAsOftenAsTheExtensionsAllow() throws {
        // Ten extensions: the eleventh Enter during the warning holds nothing, and the prompt ends.
        let reader = ScriptedLineReader(Array(repeating: .reply("", after: .seconds(100)), count: 11) + [.silence])
        let written = Written()
        var session = try Self.session(try JourneyFixture.enrolledStore(), reader, extensions: 10, written: written)
        #expect(session.play() == .timedOut)
        #expect(written.count(Self.warning) == 11)
    }

    @Test func welcomeNeverTimesOut() throws {
        let reader = ScriptedLineReader([.reply("3", after: .seconds(100_000))])
        let written = Written()
        var session = try Self.session(FakeJourneyStore(now: JourneyFixture.now), reader, written: written)
        #expect(session.play() == .quit)
        #expect(reader.deadlinesAsked == [nil])
        #expect(written.count("No answer yet") == 0)
    }

    @Test func aTaskPromptLeftUnansweredEndsTheTaskAndTheSessionTimedOut() throws {
        let store = try JourneyFixture.enrolledStore()
        let reader = ScriptedLineReader([.reply("1", after: .seconds(5)), .silence])
        let written = Written()
        var session = try Self.session(store, reader, written: written)
        #expect(session.play() == .timedOut)
        #expect(store.calls.last == "finish timedOut", "stored as stopped by inactivity")
        #expect(written.count(Self.warning) == 1)
        #expect(!written.text.contains("Input ended."), "a timeout is not the end of input")
        #expect(session.closingNotice == nil)
        session.reset()
        #expect(session.journey.place == .welcome)
    }

    @Test func aStationsTimeoutsGiveTheLimitWarningAndExtensions() throws {
        let timeout = try LinePromptTimeout(KioskTimeouts(screenSeconds: 90, warningSeconds: 25, maxExtensions: 12), partialAnswers: .discard,
                                           clock: MonotonicClock { .zero })
        #expect(timeout.limit == .seconds(90) && timeout.warning == .seconds(25) && timeout.extensions == 12)
        #expect(timeout.partialAnswers == .discard)
    }

    @Test func aTaskPromptLeftUnansweredUnderTheDiscardPolicyEndsItTimedOutWithoutItsAnswers() throws {
        let store = try JourneyFixture.enrolledStore()
        let reader = ScriptedLineReader([.reply("1", after: .seconds(5)), .reply("", after: .zero), .silence])
        let written = Written()
        var session = try Self.session(store, reader, partialAnswers: .discard, written: written)
        #expect(session.play() == .timedOut)
        #expect(store.calls.last == "finish timedOut")
        #expect(store.finishedAnswers.last == [], "no answer kept under the discard policy")
        #expect(!written.text.contains("Saved.") && !written.text.contains("Input ended."))
    }

    @Test func aTimingThatBreaksWCAGIsRefused() {
        #expect(throws: IdleWatch.Problem.warningTooShort(.seconds(10))) {
            try LinePromptTimeout(limit: .seconds(120), warning: .seconds(10), clock: MonotonicClock { .zero })
        }
    }
}
