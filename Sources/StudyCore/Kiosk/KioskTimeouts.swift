/// A station's idle timeouts, bounded by WCAG 2.2.1 (Timing Adjustable): a warning at least 20
/// seconds before the end, and at least ten extensions by any key.
public struct KioskTimeouts: Sendable, Equatable {
    /// The least warning the decoder accepts, in seconds.
    public static let minimumWarningSeconds = 20
    /// The fewest extensions the decoder accepts.
    public static let minimumExtensions = 10

    /// Seconds without a key before a participant screen times out (welcome never does).
    public var screenSeconds: Int
    /// Seconds before the end when the warning with its countdown appears.
    public var warningSeconds: Int
    /// How many times a key may extend the timeout on one screen.
    public var maxExtensions: Int
    /// Seconds the thank-you screen stays before welcome (or the exit) comes.
    public var thankYouSeconds: Int
    /// Per-step timeouts in seconds, keyed by step identifier (`consent`, `mood/q1`).
    public var steps: [String: Int]

    /// Timeouts (defaults: 120 s, warning 30 s before, 10 extensions, thank-you 8 s).
    public init(screenSeconds: Int = 120, warningSeconds: Int = 30, maxExtensions: Int = 10, thankYouSeconds: Int = 8,
                steps: [String: Int] = [:]) {
        (self.screenSeconds, self.warningSeconds, self.maxExtensions) = (screenSeconds, warningSeconds, maxExtensions)
        (self.thankYouSeconds, self.steps) = (thankYouSeconds, steps)
    }

    /// The timeout of a step: its override, else the screen default.
    public func seconds(forStep step: String) -> Int { steps[step] ?? screenSeconds }
}
