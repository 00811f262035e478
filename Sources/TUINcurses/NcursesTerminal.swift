import CNcursesw
import Foundation
import TUIKit

/// The real terminal: a ``Terminal`` drawn with ncursesw on stdin/stdout.
///
/// Setup selects a UTF-8 locale (falling back to `C.UTF-8`), puts the terminal in raw mode
/// (Ctrl-C is a key, never a signal), enables keypad decoding, a 25 ms Esc delay, mouse presses,
/// and colours unless `NO_COLOR` is set or the terminal has none. SIGINT, SIGTERM and SIGHUP
/// only set a flag and arrive as `.signal` events, so the app can save before it exits; SIGTSTP
/// is ignored (and, with ``Options/station``, SIGINT, SIGQUIT, SIGTTIN and SIGTTOU); crashes restore the terminal modes too. Use one instance per process, from one
/// thread, and call ``close()`` on every exit path (it is idempotent; `deinit` calls it as a
/// last resort).
public final class NcursesTerminal: Terminal {
    /// Whether colours are in use (false under `NO_COLOR`, a monochrome theme or terminal).
    public let colorsAvailable: Bool
    /// The theme cells are drawn with.
    public let theme: Theme
    /// Whether the locale ended up UTF-8 (without it, non-ASCII text shows as `?`).
    public let isUTF8: Bool

    /// The options the terminal was opened with.
    let options: Options
    /// Curses attributes and colour pairs per style role.
    let styles: CursesStyleTable
    private let screen: OpaquePointer
    /// The standard screen window everything is drawn in.
    let window: UnsafeMutablePointer<WINDOW>
    /// The canvas currently on screen, for diffing; nil forces a full repaint.
    var onScreen: Canvas?
    /// Whether the hardware cursor is visible.
    var cursorVisible = false
    /// Consecutive reads that failed at once, a sign that input has closed.
    var immediateFailures = 0
    private(set) var isClosed = false

    /// Opens the terminal on stdin/stdout.
    ///
    /// - Throws: ``NcursesTerminalError`` when stdin/stdout is not a terminal or `TERM` is unknown.
    public init(options: Options = Options()) throws {
        guard nc_stdio_are_ttys() != 0 else { throw NcursesTerminalError.notATerminal }
        isUTF8 = Self.selectUTF8Locale()
        SignalTrap.installBeforeCurses(station: options.station)
        guard let screen = nc_newterm_stdio() else {
            SignalTrap.uninstall()
            throw NcursesTerminalError.unknownTerminalType(options.environment["TERM"] ?? "")
        }
        guard let window = nc_stdscr() else {
            endwin()
            SignalTrap.uninstall()
            throw NcursesTerminalError.unknownTerminalType(options.environment["TERM"] ?? "")
        }
        self.screen = screen
        self.window = window
        self.options = options
        set_escdelay(Int32(options.escapeDelayMilliseconds))
        raw()
        noecho()
        nonl()
        keypad(window, true)
        typeahead(-1)
        let wanted = options.theme ?? Theme.automatic(
            environment: options.environment, colorsAvailable: has_colors())
        theme = has_colors() ? wanted : wanted.withoutColor
        colorsAvailable = theme.usesColor
        if colorsAvailable {
            start_color()
            use_default_colors()
        }
        styles = CursesStyleTable(theme: theme, useColor: colorsAvailable)
        if options.mouse {
            mousemask(nc_mouse_press_mask(), nil)
            mouseinterval(0)
        }
        SignalTrap.installCrashRestore(mouseEnabled: options.mouse)
        curs_set(0)
    }

    deinit {
        close()
    }

    /// The current size in cells.
    public var size: Size {
        Size(width: Int(nc_cols()), height: Int(nc_lines()))
    }

    /// Rings the terminal bell.
    public func bell() {
        guard !isClosed else { return }
        beep()
    }

    /// Drops the typed-ahead input, clears the screen (curses sends the terminal's `clear`), then
    /// erases the scrollback with terminfo's `E3`, which `clear` never sends; the next frame is
    /// drawn in full. Terminals without `E3` (and `TERM=linux` on kernels since 5.9) keep no
    /// scrollback a program could clear.
    public func wipe() {
        guard !isClosed else { return }
        flushinp()
        werase(window)
        clearok(window, true)
        wrefresh(window)
        _ = nc_clear_scrollback()
        flushinp()
        onScreen = nil
    }

    /// Drops the input typed ahead but not yet read (`flushinp`).
    public func flushInput() {
        guard !isClosed else { return }
        flushinp()
    }

    /// Restores the terminal (cursor, modes, main screen) and the previous signal handlers.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if options.mouse { mousemask(0, nil) }
        curs_set(1)
        endwin()
        delscreen(screen)
        SignalTrap.uninstall()
    }

    /// Sets the locale from the environment; falls back to `C.UTF-8` when that is not UTF-8.
    private static func selectUTF8Locale() -> Bool {
        setlocale(LC_ALL, "")
        if nc_codeset_is_utf8() != 0 { return true }
        setlocale(LC_ALL, "C.UTF-8")
        return nc_codeset_is_utf8() != 0
    }
}
