/// Tells a barcode scanner from a person at the keyboard. A keyboard-wedge scanner types a whole
/// code in a burst (well over 100 keys a second) and ends it with Enter; people leave far longer
/// gaps. A pure function over timestamped keys, so the station and its tests read the same rule.
public enum BarcodeBurst {
    /// The default largest gap between two keys of one burst, in milliseconds.
    public static let defaultMaxGapMilliseconds = 50
    /// The fewest characters a scanned code has.
    public static let minimumLength = 3

    /// A key as the station read it, with the time it was read on the monotonic clock.
    public struct Key: Sendable, Equatable {
        /// What was typed.
        public enum Kind: Sendable, Equatable {
            /// A printable character.
            case character(Character)
            /// Enter or Return.
            case enter
            /// Anything else (arrows, Backspace, function keys).
            case other
        }

        /// The key.
        public var kind: Kind
        /// When it was read, in milliseconds on a monotonic clock.
        public var milliseconds: Int

        /// A key read at `milliseconds`.
        public init(_ kind: Kind, at milliseconds: Int) { (self.kind, self.milliseconds) = (kind, milliseconds) }
    }

    /// The entries scanned in `keys`: each a run of at least `minimumLength` characters whose
    /// gaps (and the gap to the Enter that ends it) are all at most `maxGapMilliseconds`. Keys
    /// typed by hand, a burst without Enter, or one broken by another key yield nothing.
    public static func entries(in keys: [Key], maxGapMilliseconds: Int = defaultMaxGapMilliseconds) -> [String] {
        var found: [String] = []
        var run = ""
        var last: Int?
        for key in keys {
            let quick = last.map { key.milliseconds - $0 <= maxGapMilliseconds } ?? false
            switch key.kind {
            case .character(let c):
                run = quick ? run + String(c) : String(c)
            case .enter:
                if quick, run.count >= minimumLength { found.append(run) }
                run = ""
            case .other:
                run = ""
            }
            last = key.milliseconds
        }
        return found
    }
}
