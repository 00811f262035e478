import CNcursesw
import TUIKit

/// The process-signal side of the terminal session: flag-only handlers for every catchable signal
/// that would end the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU,
/// SIGXFSZ, SIGVTALRM, SIGPROF, and on Linux SIGIO, SIGPWR, SIGSTKFLT and the real-time signals), so
/// the screen saves and restores the terminal first, and a crash handler (SIGILL, SIGTRAP, SIGSEGV,
/// SIGBUS, SIGFPE, SIGABRT, SIGSYS) that restores the terminal modes before the process dies.
///
/// Every call into the shim's `nc_signal_*` / `nc_crash_*` functions lives in this file on
/// purpose: Swift gives each object file its own copy of a C `static inline` function and of
/// its static storage, so calling them from two files would split the pending-signal flag.
enum SignalTrap {
    /// Saves the terminal modes and installs the flag handlers; call before curses starts. For a
    /// `station` (kiosk), SIGINT, SIGQUIT, SIGTTIN and SIGTTOU are ignored instead.
    static func installBeforeCurses(station: Bool) {
        nc_crash_save_modes()
        nc_signal_install(station ? 1 : 0)
    }

    /// Captures the terminal's reset sequence and installs the crash handlers; call after setup.
    static func installCrashRestore(mouseEnabled: Bool) {
        nc_crash_install(mouseEnabled ? 1 : 0)
    }

    /// Removes every handler this trap installed, restoring the previous ones.
    static func uninstall() {
        nc_crash_remove()
        nc_signal_restore()
    }

    /// The signal noted since the last call, if any.
    static func takePending() -> TerminalSignal? {
        switch nc_signal_take() {
        case 0: nil
        case SIGINT: .interrupt
        case SIGTERM: .terminate
        case SIGHUP: .hangup
        case let other: .other(other)
        }
    }
}

/// Signals outside a screen, for the whole process.
public enum ProcessSignals {
    /// Every signal a screen would save and end on (SIGQUIT, SIGTERM, SIGHUP, ...) ends the process
    /// at once with status 128 + n outside a screen, instead of a core dump or the Swift runtime's
    /// crash report for SIGQUIT (which waits 30 s for a key on a terminal); a screen's own trap
    /// takes over while it runs. Call once at start.
    public static func endQuietly() {
        nc_signal_end_quietly()
    }

    /// A crash (SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT, SIGSYS) prints one short line on
    /// standard error and the process dies of its signal at once, instead of the Swift runtime's
    /// interactive crash report, which on a terminal waits for a key while the process stays
    /// alive; a screen's crash handler (which restores the terminal first) says the same line.
    /// Call once at start.
    public static func crashQuietly() {
        nc_crash_end_quietly()
    }

    /// A study station, before its terminal opens: SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU and
    /// SIGPIPE are ignored for the whole process, so Ctrl-C, Ctrl-backslash or Ctrl-Z typed while the
    /// terminal is still cooked (at start, after a restart) and job-control stops do nothing; the
    /// terminal's trap (``NcursesTerminal/Options/station``) keeps them ignored while it runs.
    /// SIGTERM and SIGHUP still end the process. Call first thing in the station's command.
    public static func ignoreParticipantSignals() {
        nc_signal_ignore_participant_signals()
    }

    /// Names a file that a signal ending the process outside a screen removes first (a lock file its
    /// holder removes when done); nil forgets it. Forget it before removing the file yourself.
    public static func removeOnEnd(_ path: String?) {
        guard let path else { return nc_signal_end_removing(nil) }
        path.withCString { nc_signal_end_removing($0) }
    }
}

/// The signal trap of a line-mode program that must save before it ends (a study station's line
/// face): the station screen's flag-only handlers (SIGTERM, SIGHUP, ... noted; SIGINT, SIGQUIT,
/// SIGTSTP, SIGTTIN and SIGTTOU ignored; no `SA_RESTART`, so a waiting `poll` returns), without curses.
public enum LineSignalTrap {
    /// Installs the flag handlers, remembering the previous ones.
    public static func install() { nc_signal_install(1) }

    /// Puts back the handlers that were in place before ``install()``.
    public static func uninstall() { nc_signal_restore() }

    /// The signal noted since the last call, if any.
    public static func takePending() -> TerminalSignal? { SignalTrap.takePending() }
}
