import Foundation
import StudyTUI
import TUIKit

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole lines from a file descriptor (standard input) with a deadline on the monotonic
/// clock: `poll(2)` waits until the deadline, bytes are kept until their line break comes, so a
/// line typed in parts (or cut by the deadline) arrives whole at a later read. It answers line
/// mode's `(deadline) -> LineRead` (StudyTUI's `LineRead`): a line without its break (`\n` or
/// `\r\n`, UTF-8 repaired as `Swift.readLine` does), nothing before the deadline, or the end of
/// input, after a last line without a break. Deadlines are durations since the origin of its
/// monotonic clock (TUIKit's `MonotonicClock.process` by default, the loop's and the steps'), so
/// a wall-clock jump moves none. All reads of the descriptor must go through one reader, which
/// buffers what it read past a line.
package final class DeadlineLineReader {
    /// The descriptor read.
    private let fd: Int32
    /// The clock deadlines are on.
    private let clock: MonotonicClock
    /// Bytes read and not yet returned.
    private var buffer: [UInt8] = []
    /// True once the descriptor reported its end (or failed).
    private var atEnd = false

    /// A reader of `fd` (standard input by default) with deadlines on `clock`.
    package init(fd: Int32 = STDIN_FILENO, clock: MonotonicClock = .process) {
        self.fd = fd
        self.clock = clock
    }

    /// The next whole line, read before `deadline` (nil: waits for ever); a line already read
    /// comes first even past the deadline.
    package func read(until deadline: Duration?) -> LineRead {
        while true {
            if let line = takeLine() { return .line(line) }
            if atEnd {
                guard !buffer.isEmpty else { return .ended }
                defer { buffer = [] }
                return .line(Self.decode(buffer[...]))
            }
            if let deadline {
                let left = deadline - clock.now()
                guard left > .zero else { return .timedOut }
                guard waitReadable(within: left) else { continue }   // the time is checked again
            }
            fill()
        }
    }

    /// Throws away what was typed and not yet read (a privacy reset: nothing of one participant's
    /// typing reaches the next one's first prompt): the reader's buffer, a terminal's pending input
    /// (a partly typed line included), and whatever else can be read without waiting.
    package func discardPending() {
        buffer = []
        if isatty(fd) == 1 { tcflush(fd, TCIFLUSH) }
        while !atEnd, waitReadable(within: .zero) {
            fill()
            buffer = []
        }
    }

    /// A whole line from the buffer, without its break; nil when no break has come yet.
    private func takeLine() -> String? {
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        var line = buffer[..<end]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        defer { buffer.removeSubrange(...end) }
        return Self.decode(line)
    }

    /// Bytes as text, invalid UTF-8 repaired.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Waits until the descriptor can be read (or has ended or failed) for at most `time`; false
    /// when it cannot be read yet (the time ran out, or a signal woke the wait).
    private func waitReadable(within time: Duration) -> Bool {
        let (seconds, attoseconds) = time.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000   // rounded up
        var watched = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&watched, 1, Int32(clamping: ms))
        if ready < 0 { return errno != EINTR }   // another failure: the read reports it
        return ready > 0
    }

    /// Reads what is there into the buffer; the end of input or a failure ends the reader.
    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { bytes in
            #if canImport(Glibc)
                Glibc.read(fd, bytes.baseAddress, bytes.count)
            #else
                Darwin.read(fd, bytes.baseAddress, bytes.count)
            #endif
        }
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            atEnd = true
        }
    }
}
