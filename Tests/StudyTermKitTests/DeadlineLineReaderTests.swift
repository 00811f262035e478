import Foundation
import StudyTUI
import Testing
import TUIKit
@testable import StudyTermKit

#if canImport(Glibc)
    import Glibc
#endif

/// The line reader against a real pipe: whole lines from parts written with pauses, a deadline on
/// the monotonic clock that keeps a cut line for later, and the end of input. Waits that should
/// end early have a generous bound (a busy machine), and the deadlines that should pass are short.
@Suite struct DeadlineLineReaderTests {
    /// A pipe: the reader reads its read end; the test writes to (and closes) its write end.
    final class Pipe: @unchecked Sendable {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw CocoaError(.fileReadUnknown) }
            (readEnd, writeEnd) = (fds[0], fds[1])
        }

        private let lock = NSLock()
        private var writing = true

        deinit {
            close(readEnd)
            closeWriting()
        }

        func write(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
        }

        /// Writes `parts` one after another from another thread, pausing `pause` seconds before each.
        func writeLater(_ parts: [String], pause: Double) {
            Thread.detachNewThread {
                for part in parts {
                    Thread.sleep(forTimeInterval: pause)
                    self.write(part)
                }
            }
        }

        /// Closes the write end once (the reader then meets the end of input).
        func closeWriting() {
            lock.lock()
            defer { lock.unlock() }
            if writing { _ = Glibc.close(writeEnd) }
            writing = false
        }
    }

    static let generous: Duration = .seconds(20)

    static func deadline(in time: Duration) -> Duration { MonotonicClock.process.now() + time }

    @Test func aLineWrittenInPartsWithPausesArrivesWhole() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.writeLater(["hel", "lo wor", "ld\n"], pause: 0.05)
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .line("hello world"))
    }

    @Test func nothingTypedBeforeTheDeadlineTimesOutAtTheDeadlineNotBefore() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        let start = MonotonicClock.process.now()
        #expect(reader.read(until: start + .milliseconds(200)) == .timedOut)
        let waited = MonotonicClock.process.now() - start
        #expect(waited >= .milliseconds(200))
        #expect(waited < Self.generous)
    }

    @Test func aLineCutByTheDeadlineIsKeptAndCompletedByTheNextRead() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.write("par")
        #expect(reader.read(until: Self.deadline(in: .milliseconds(150))) == .timedOut)
        pipe.writeLater(["tial\n"], pause: 0.05)
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .line("partial"))
    }

    @Test func linesWrittenTogetherComeOneByOneWithoutTheirBreaks() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.write("one\r\ntwo\n\nthree é\n")
        let reads = (0..<4).map { _ in reader.read(until: Self.deadline(in: Self.generous)) }
        #expect(reads == [.line("one"), .line("two"), .line(""), .line("three é")])
        #expect(reader.read(until: Self.deadline(in: .milliseconds(50))) == .timedOut)
    }

    @Test func theEndOfInputGivesTheLastLineWithoutABreakThenEnded() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.write("first\nlast")
        pipe.closeWriting()
        #expect(reader.read(until: nil) == .line("first"))
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .line("last"))
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .ended)
        #expect(reader.read(until: nil) == .ended)
    }

    @Test func withoutADeadlineItWaitsForTheLine() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.writeLater(["late\n"], pause: 0.3)
        let start = MonotonicClock.process.now()
        #expect(reader.read(until: nil) == .line("late"))
        #expect(MonotonicClock.process.now() - start >= .milliseconds(250))
    }

    @Test func aLineReadBeforeIsReturnedEvenPastTheDeadline() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.write("a\nb\n")
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .line("a"))
        #expect(reader.read(until: MonotonicClock.process.now() - .seconds(1)) == .line("b"))
    }

    @Test func discardingPendingInputDropsWhatWasTypedButNotWhatComesAfter() throws {
        let pipe = try Pipe()
        let reader = DeadlineLineReader(fd: pipe.readEnd)
        pipe.write("secret\nhalf a li")
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .line("secret"))
        pipe.write("ne\nmore\n")
        reader.discardPending()
        #expect(reader.read(until: Self.deadline(in: .milliseconds(100))) == .timedOut)
        pipe.write("next person\n")
        #expect(reader.read(until: Self.deadline(in: Self.generous)) == .line("next person"))
    }
}
