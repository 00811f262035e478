#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CNcursesw
import TUIKit

extension NcursesTerminal {
    /// The longest single wait, so a signal is noticed even if the read is not interrupted.
    private static let pollSliceMilliseconds = 200

    /// Reads the next key, resize, mouse press or signal; `.tick` once `timeout` has passed.
    ///
    /// Returns nil when input has ended (reads keep failing at once, e.g. stdin closed).
    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        guard !isClosed else { return nil }
        let deadline = timeout.map { Self.monotonicNanoseconds() + Self.nanoseconds($0) }
        while true {
            if let signal = SignalTrap.takePending() { return .signal(signal) }
            var slice = Self.pollSliceMilliseconds
            if let deadline {
                let left = deadline - Self.monotonicNanoseconds()
                if left <= 0 { return .tick }
                slice = Int(min(Int64(slice), (left + 999_999) / 1_000_000))   // rounded up: never early
            }
            wtimeout(window, Int32(slice))
            let started = Self.monotonicNanoseconds()
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR {
                // A long wait that fails at once, again and again, means stdin has closed.
                let failedAtOnce = slice >= 20 && Self.monotonicNanoseconds() - started < Int64(slice) * 250_000
                immediateFailures = failedAtOnce ? immediateFailures + 1 : 0
                if immediateFailures > 100 { return nil }
                continue
            }
            immediateFailures = 0
            if let event = decode(status: status, value: character) { return event }
        }
    }

    /// Turns one `wget_wch` result into an event; nil for keys the app does not know.
    private func decode(status: Int32, value: wint_t) -> TerminalEvent? {
        guard status == KEY_CODE_YES else {
            if value == 0x1B { return escapeSequence() }
            return CursesKeyDecoder.key(forCharacter: value).map(TerminalEvent.key)
        }
        switch Int32(value) {
        case KEY_RESIZE:
            onScreen = nil
            return .resize(width: size.width, height: size.height)
        case KEY_MOUSE:
            return mouseEvent()
        default:
            return CursesKeyDecoder.key(forKeyCode: Int32(value)).map(TerminalEvent.key)
        }
    }

    /// An ESC and what has already arrived after it, as one key (see ``EscapeSequenceDecoder``);
    /// nil for a sequence nothing uses. A resize or mouse report read after it is put back.
    private func escapeSequence() -> TerminalEvent? {
        wtimeout(window, 0)
        let outcome = EscapeSequenceDecoder.decode { () -> EscapeSequenceDecoder.Follower? in
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR { return nil }
            guard status == KEY_CODE_YES else { return .character(UInt32(character)) }
            if Int32(character) == KEY_RESIZE || Int32(character) == KEY_MOUSE {
                ungetch(Int32(character))
                return nil
            }
            return .decodedKey
        }
        switch outcome {
        case .escape: return .key(.escape)
        case .key(let key): return .key(key)
        case .ignored: return nil
        }
    }

    /// The pending mouse press, if it was one the app reports.
    private func mouseEvent() -> TerminalEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let button: MouseButton
        switch nc_mouse_button(event.bstate) {
        case 1: button = .left
        case 2: button = .middle
        case 3: button = .right
        case 4: button = .scrollUp
        case 5: button = .scrollDown
        default: return nil
        }
        return .mouse(x: Int(event.x), y: Int(event.y), button: button)
    }

    /// The monotonic clock in nanoseconds: read at every key, so plain `clock_gettime`, not the
    /// standard library's `ContinuousClock` and its 128-bit instants.
    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// A duration in whole nanoseconds, rounded up (a wait never ends early) and capped at a day.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return min(seconds, 86_400) * 1_000_000_000 + (attoseconds + 999_999_999) / 1_000_000_000
    }
}
