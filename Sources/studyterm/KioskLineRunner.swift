import Foundation
import StudyTermKit
import StudyTUI
import TUIKit
import TUINcurses

#if canImport(Glibc)
    import Glibc
#endif

/// A study station's line face on standard input and output (`kiosk --accessible`): the station
/// program asked as line prompts (`KioskLineStation`), participant after participant. Signals
/// are trapped as flags before the first prompt (SIGTERM and SIGHUP end the session showing as
/// `interrupted`); on a terminal, Ctrl-C, Ctrl-\, Ctrl-Z and Ctrl-D are characters, not signals
/// or the end of input. The privacy wipe drops the typed-ahead input and writes the terminal's
/// `clear` and `E3` (screen and scrollback).
struct KioskLineRunner {
    /// The prepared station.
    let setup: KioskStationSetup

    /// The longest wait of one read, so a signal is seen while nobody types.
    static let signalCheck: Duration = .milliseconds(200)

    /// Runs the station until a signal, the end of input or `endOfSession: exit`.
    func run() {
        LineSignalTrap.install()
        let modes = StationLineModes.enter()
        defer {
            modes?.restore()
            LineSignalTrap.uninstall()
        }
        let io = LineIO(), clock = MonotonicClock.process
        let clearing = isatty(STDOUT_FILENO) == 1 ? TerminalClearing.sequence() : nil
        let caught = CaughtSignal()
        let station = KioskLineStation(
            station: setup.station, services: setup.services, clock: clock,
            read: { deadline in
                // In short waits, so a signal noted meanwhile is seen (the reader then says
                // `.timedOut` early, and the station takes the signal).
                if let signal = LineSignalTrap.takePending() { caught.note(signal); return .timedOut }
                let slice = clock.now() + Self.signalCheck
                let read = io.read(until: deadline.map { min($0, slice) } ?? slice)
                if let signal = LineSignalTrap.takePending() { caught.note(signal) }
                return read
            },
            output: io.write,
            wipe: {
                io.discardPending()
                if let clearing { Self.writeRaw(clearing) }
            },
            takeSignal: { caught.take() ?? LineSignalTrap.takePending() },
            width: LineRunner.columns(), paused: KioskPauseFile(dataDirectory: setup.configuration.dataDirectory).isPaused)
        _ = station.run()
    }

    /// Writes terminal control bytes as they are (the terminal's own `clear` and `E3`).
    static func writeRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }
}

/// A signal the reader saw, kept until the station takes it.
private final class CaughtSignal: @unchecked Sendable {
    /// The signal, if one came.
    private var signal: TerminalSignal?

    /// Keeps `signal` (the first one wins).
    func note(_ signal: TerminalSignal) { if self.signal == nil { self.signal = signal } }

    /// The signal kept, once.
    func take() -> TerminalSignal? {
        defer { signal = nil }
        return signal
    }
}
