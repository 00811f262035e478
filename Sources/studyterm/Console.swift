import Foundation
import TUIKit

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the command line's text to standard output or standard error. Every line goes through
/// the screen's sanitizer (``Sanitizer/escapeControls(_:)``: a stray control shows as `\x9b`, never
/// acts on the terminal). SIGPIPE is ignored (``ignoreBrokenPipes()``), so a reader that went away
/// ends the writing quietly, never the process.
enum Console {
    /// Prints a line (or several) on standard output.
    static func out(_ text: String) { _ = write(text + "\n", to: STDOUT_FILENO) }

    /// Prints a line (or several) on standard error.
    static func err(_ text: String) { _ = write(text + "\n", to: STDERR_FILENO) }

    /// Writes `text` sanitized to `fd`; false when the reader is gone (EPIPE) or the write failed.
    @discardableResult
    static func write(_ text: String, to fd: Int32) -> Bool {
        let bytes = Array(Sanitizer.escapeControls(text).utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// A write to a closed pipe returns EPIPE instead of killing the process (call once at start).
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}
