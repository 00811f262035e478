import Foundation
import TUIKit

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the command line's text to standard output or standard error. Every line goes through
/// the screen's sanitizer (TUIKit's `Sanitizer.escapeControls(_:)`: a stray control shows as `\x9b`, never
/// acts on the terminal). SIGPIPE is ignored (``ignoreBrokenPipes()``), so a reader that went away
/// ends the writing quietly, never the process. Outside a UTF-8 locale (LANG=C), text for a
/// terminal is written in ASCII (TUIKit's `ASCIIFallback`): always for people's text (line mode), and for
/// other output when the stream is a terminal (a pipe gets the exact UTF-8).
package enum Console {
    /// Whether the locale the environment names is UTF-8.
    package static let localeIsUTF8 = ASCIIFallback.localeIsUTF8()

    /// Prints a line (or several) on standard output.
    package static func out(_ text: String) { _ = write(text + "\n", to: STDOUT_FILENO) }

    /// Prints a line (or several) on standard error.
    package static func err(_ text: String) { _ = write(text + "\n", to: STDERR_FILENO) }

    /// Writes `text` sanitized to `fd` (in ASCII outside a UTF-8 locale when `fd` is a terminal, or
    /// always when `forPeople`); false when the reader is gone (EPIPE) or the write failed.
    @discardableResult
    package static func write(_ text: String, to fd: Int32, forPeople: Bool = false) -> Bool {
        var text = Sanitizer.escapeControls(text)
        if !localeIsUTF8, forPeople || isatty(fd) == 1 { text = ASCIIFallback.text(text) }
        let bytes = Array(text.utf8)
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
    package static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}
