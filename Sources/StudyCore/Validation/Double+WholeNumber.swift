/// Conversions to Int that never trap: `Int(d)` traps on NaN, infinities and anything outside
/// Int's range (2^63 − 512 already rounds up to 2^63), so numbers that come from a file or a
/// participant go through these.
extension Double {
    /// Rounded to the nearest whole number and clamped to Int's range; NaN becomes 0. For counts,
    /// positions and display, never for an answer (an answer out of range is refused).
    public var saturatingInt: Int {
        if isNaN { return 0 }
        let r = rounded()
        // Double(Int.max) is 2^63, one past Int.max: anything at or above it saturates.
        if r >= 9_223_372_036_854_775_808.0 { return .max }
        if r <= -9_223_372_036_854_775_808.0 { return .min }
        return Int(r)
    }

    /// The value as an Int when it is a whole number that Int holds exactly (nil otherwise).
    public var exactInt: Int? { Int(exactly: self) }
}
