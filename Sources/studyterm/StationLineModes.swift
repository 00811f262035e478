import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal modes of a study station's line face: the line stays canonical (typed, echoed,
/// edited with Backspace, sent with Enter), but Ctrl-C, Ctrl-\ and Ctrl-Z raise no signal (ISIG
/// off), Ctrl-D ends no input (VEOF disabled), and Ctrl-S freezes no output (IXON off): each is
/// a character of the line, nothing a participant could use to leave. The modes before are put
/// back by ``restore()``.
struct StationLineModes {
    /// The descriptor (standard input).
    private let fd: Int32
    /// The modes before.
    private let saved: termios

    /// Sets the station's modes on `fd` when it is a terminal; nil when it is not.
    static func enter(fd: Int32 = STDIN_FILENO) -> StationLineModes? {
        var modes = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &modes) == 0 else { return nil }
        let saved = modes
        modes.c_lflag &= ~tcflag_t(ISIG)
        modes.c_iflag &= ~tcflag_t(IXON)
        withUnsafeMutableBytes(of: &modes.c_cc) { $0[Int(VEOF)] = 0 }   // _POSIX_VDISABLE on Linux
        guard tcsetattr(fd, TCSANOW, &modes) == 0 else { return nil }
        return StationLineModes(fd: fd, saved: saved)
    }

    /// Puts the modes before back.
    func restore() {
        var modes = saved
        _ = tcsetattr(fd, TCSANOW, &modes)
    }
}
