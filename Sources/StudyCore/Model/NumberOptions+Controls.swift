import Foundation

/// What a slider or a picker over a number field can show. `check` and `run` read the same
/// answers: a decoder reports a slider that cannot be shown as an error (so neither accepts the
/// file) and a picker with too many values as a warning (both ask for a typed number instead).
extension NumberOptions {
    /// The most positions a slider offers (Left/Right move one, PgUp/PgDn a tenth of the range).
    public static let sliderPositionLimit = 100_000
    /// The most values a picker lists; past this a typed number is asked for.
    public static let pickerValueLimit = 1_000
    /// The largest magnitude at which every whole number is exact in a Double (2^53).
    public static let exactWholeLimit = 9_007_199_254_740_992.0

    /// The step a slider uses: the given one, else 1 for integers and a hundredth of the range.
    public func sliderStep(isInteger: Bool) -> Double? {
        guard let minimum, let maximum else { return step }
        let s = step ?? (isInteger ? 1 : (maximum - minimum) / 100)
        return s > 0 && s.isFinite ? s : 1
    }

    /// Why a slider cannot show this range (nil when it can): missing or infinite ends, integer
    /// ends beyond ±2^53 (not exact), or more than ``sliderPositionLimit`` positions.
    public func sliderProblem(isInteger: Bool) -> String? {
        guard let minimum, let maximum else { return "a slider needs a minimum and a maximum" }
        guard minimum.isFinite, maximum.isFinite else { return "a slider needs finite ends" }
        if isInteger, max(abs(minimum), abs(maximum)) > Self.exactWholeLimit {
            return "an integer slider's ends must lie within ±\(JSONValue.format(Self.exactWholeLimit))"
        }
        let s = sliderStep(isInteger: isInteger) ?? 1
        let positions = ((maximum - minimum) / s).rounded() + 1
        guard positions.isFinite, positions <= Double(Self.sliderPositionLimit) else {
            return "a slider from \(JSONValue.format(minimum)) to \(JSONValue.format(maximum)) in steps of \(JSONValue.format(s)) "
                + "has \(JSONValue.format(positions)) positions; at most \(Self.sliderPositionLimit) can be shown "
                + "(use a larger step, or a number field)"
        }
        return nil
    }

    /// The values a picker lists, or nil when they cannot all be listed (no ends, not finite,
    /// more than ``pickerValueLimit``, or integers that are not exact): a typed number is asked for.
    public func pickerValues(isInteger: Bool) -> [JSONValue]? {
        guard let minimum, let maximum, minimum.isFinite, maximum.isFinite else { return nil }
        let s = (step ?? 1) > 0 && (step ?? 1).isFinite ? (step ?? 1) : 1
        let count = ((maximum - minimum) / s).rounded() + 1
        guard count.isFinite, count >= 1, count <= Double(Self.pickerValueLimit) else { return nil }
        var values: [JSONValue] = []
        for i in 0..<Int(count) {
            let v = minimum + Double(i) * s
            if isInteger {
                guard let n = v.rounded().exactInt else { return nil }
                values.append(.int(n))
            } else {
                values.append(.double(v))
            }
        }
        return values
    }
}
