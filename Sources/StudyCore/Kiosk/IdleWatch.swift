/// The idle timeout of one kiosk screen, on a monotonic clock: when its warning shows, when it
/// expires, and how many more times a key may extend it once the warning shows.
///
/// A key before the warning is ordinary activity: it starts the wait again and is not counted. A key
/// while the warning shows is an extension (WCAG 2.2.1, "Extend": a warning at least 20 seconds
/// before the end, a simple action to extend, at least ten times); once the extensions are used up,
/// keys during the warning no longer hold the screen, so a key stuck down or a leaning elbow cannot
/// keep a session open for ever. Times are durations since any fixed origin of one monotonic clock,
/// so a wall-clock jump (an RTC-less board fixed by NTP) never moves a deadline.
public struct IdleWatch: Sendable, Equatable {
    /// What the screen shows about its timeout at one instant.
    public enum Phase: Sendable, Equatable {
        /// No warning yet; the warning comes after `untilWarning`.
        case quiet(untilWarning: Duration)
        /// The warning shows; the screen expires after `remaining` unless a key extends it.
        case warning(remaining: Duration)
        /// The time is up.
        case expired
    }

    /// Why a watch cannot be made.
    public enum Problem: Error, Sendable, Equatable {
        /// The warning must come at least 20 seconds before the end (WCAG 2.2.1).
        case warningTooShort(Duration)
        /// The warning must start after the screen does: the limit must be longer than the warning.
        case limitNotAfterWarning(limit: Duration, warning: Duration)
        /// At least ten extensions must be offered (WCAG 2.2.1).
        case tooFewExtensions(Int)
    }

    /// The shortest warning WCAG 2.2.1 allows.
    public static let minimumWarning: Duration = .seconds(20)
    /// The fewest extensions WCAG 2.2.1 allows.
    public static let minimumExtensions = 10

    /// Time without a key before the screen expires.
    public let limit: Duration
    /// How long before the end the warning shows.
    public let warning: Duration
    /// Extensions still allowed.
    public private(set) var extensionsLeft: Int
    /// When the last key that counted came (or the screen started).
    public private(set) var lastActivity: Duration

    /// A watch for a screen that starts at `start`; throws when the timing breaks WCAG 2.2.1.
    public init(limit: Duration, warning: Duration = .seconds(30), extensions: Int = 10, start: Duration) throws(Problem) {
        guard warning >= Self.minimumWarning else { throw .warningTooShort(warning) }
        guard limit > warning else { throw .limitNotAfterWarning(limit: limit, warning: warning) }
        guard extensions >= Self.minimumExtensions else { throw .tooFewExtensions(extensions) }
        self.limit = limit
        self.warning = warning
        self.extensionsLeft = extensions
        self.lastActivity = start
    }

    /// When the screen expires unless a key counts before.
    public var expiry: Duration { lastActivity + limit }

    /// When the warning shows.
    public var warningStart: Duration { expiry - warning }

    /// What the screen shows at `now`.
    public func phase(at now: Duration) -> Phase {
        if now >= expiry { return .expired }
        if now >= warningStart { return .warning(remaining: expiry - now) }
        return .quiet(untilWarning: warningStart - now)
    }

    /// The next instant after `now` at which what the screen shows changes: the warning's start, its
    /// next whole second (for the countdown), or the expiry; nil once expired.
    public func nextChange(after now: Duration) -> Duration? {
        switch phase(at: now) {
        case .expired: return nil
        case .quiet: return warningStart
        case .warning(let remaining):
            let wholeSeconds = remaining.components.seconds
            let tick = expiry - .seconds(wholeSeconds)
            return tick > now ? tick : expiry - .seconds(max(0, wholeSeconds - 1))
        }
    }

    /// The seconds the warning shows at `now`, rounded up (20, 19, … 1); nil outside the warning.
    public func countdownSeconds(at now: Duration) -> Int? {
        guard case .warning(let remaining) = phase(at: now) else { return nil }
        let (seconds, attoseconds) = remaining.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// A key came at `now`. Returns whether it held the screen: always before the warning, while
    /// extensions are left during it, never once the screen has expired.
    @discardableResult
    public mutating func keyPressed(at now: Duration) -> Bool {
        switch phase(at: now) {
        case .expired:
            return false
        case .quiet:
            lastActivity = max(lastActivity, now)
            return true
        case .warning:
            guard extensionsLeft > 0 else { return false }
            extensionsLeft -= 1
            lastActivity = now
            return true
        }
    }
}
