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
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        while true {
            if let signal = SignalTrap.takePending() { return .signal(signal) }
            var slice = Self.pollSliceMilliseconds
            if let deadline {
                let left = clock.now.duration(to: deadline)
                if left <= .zero { return .tick }
                slice = min(slice, Self.milliseconds(rounding: left))
            }
            wtimeout(window, Int32(slice))
            let started = clock.now
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == ERR {
                // A long wait that fails at once, again and again, means stdin has closed.
                let failedAtOnce = slice >= 20 && started.duration(to: clock.now) < .milliseconds(slice / 4)
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

    /// A positive duration in whole milliseconds, rounded up so a wait never ends early.
    private static func milliseconds(rounding duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(max(1, min(millis, Int64(Int32.max))))
    }
}
