import Foundation
import TUIKit

extension NcursesTerminal {
    /// How the curses terminal is set up.
    public struct Options: Sendable {
        /// Report mouse presses (this stops the terminal's own text selection).
        public var mouse: Bool
        /// How long to wait after Esc for the rest of a key sequence.
        public var escapeDelayMilliseconds: Int
        /// The theme; nil chooses colour or monochrome from `NO_COLOR` and the terminal.
        public var theme: Theme?
        /// The environment consulted for `NO_COLOR` and `TERM`.
        public var environment: [String: String]
        /// Write printable ASCII only (``ASCIIFallback``): the locale is not UTF-8, so the terminal
        /// may not show anything else. Input is still decoded as UTF-8.
        public var asciiOnly: Bool
        /// A study station (kiosk): SIGINT and SIGQUIT are ignored rather than reported as
        /// `.signal` events, and SIGTTIN and SIGTTOU are ignored, so nothing a participant could
        /// send ends or stops it; SIGTERM and SIGHUP (and the other ending signals) still arrive.
        public var station: Bool

        /// Options with the defaults: mouse on, 25 ms Esc delay, automatic theme, not a station.
        public init(
            mouse: Bool = true,
            escapeDelayMilliseconds: Int = 25,
            theme: Theme? = nil,
            environment: [String: String] = ProcessEnvironment.subset(["NO_COLOR", "TERM"]),
            asciiOnly: Bool = !ASCIIFallback.localeIsUTF8(),
            station: Bool = false
        ) {
            self.mouse = mouse
            self.escapeDelayMilliseconds = escapeDelayMilliseconds
            self.theme = theme
            self.environment = environment
            self.asciiOnly = asciiOnly
            self.station = station
        }
    }
}
