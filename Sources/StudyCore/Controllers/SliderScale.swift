import Foundation

/// A horizontal scale from `minimum` to `maximum` in steps: Left/Right one step, PgUp/PgDn a
/// tenth of the range, Home/End the ends. No value until the participant moves it.
public struct SliderScale: Sendable, Equatable {
    public let minimum: Double
    public let maximum: Double
    public let step: Double
    /// Integer answers.
    public let isInteger: Bool
    /// Labels at the ends.
    public let minimumLabel: String?
    public let maximumLabel: String?
    /// The current value (nil: not answered yet).
    public private(set) var value: Double?

    public init(minimum: Double, maximum: Double, step: Double?, isInteger: Bool,
                minimumLabel: String? = nil, maximumLabel: String? = nil) {
        self.minimum = min(minimum, maximum)
        self.maximum = max(minimum, maximum)
        let s = step ?? (isInteger ? 1 : (maximum - minimum) / 100)
        self.step = s > 0 && s.isFinite ? s : 1
        self.isInteger = isInteger
        self.minimumLabel = minimumLabel
        self.maximumLabel = maximumLabel
    }

    /// The number of steps across the scale.
    public var stepCount: Int { max(1, ((maximum - minimum) / step).saturatingInt) }

    /// A tenth of the range, in whole steps (at least one).
    public var pageSteps: Int { max(1, stepCount / 10 + (stepCount % 10 >= 5 ? 1 : 0)) }

    /// Moves by `steps` steps (from the low end when unset); false when nothing changed.
    @discardableResult
    public mutating func move(steps: Int) -> Bool {
        guard let v = value else {
            value = minimum
            return true
        }
        return set(v + Double(steps) * step)
    }

    /// Moves to an end.
    @discardableResult
    public mutating func moveToEnd(_ upper: Bool) -> Bool { set(upper ? maximum : minimum) }

    /// Sets a value, snapped to the step and clamped; false when nothing changed.
    @discardableResult
    public mutating func set(_ raw: Double) -> Bool {
        let snapped = minimum + ((raw - minimum) / step).rounded() * step
        let clamped = min(max(minimum, snapped), maximum)
        let rounded = (clamped * 1e9).rounded() / 1e9
        defer { value = rounded }
        return rounded != value
    }

    /// Clears the value.
    public mutating func clear() { value = nil }

    /// The answer.
    public var json: JSONValue {
        guard let value else { return .null }
        return isInteger ? .int(value.saturatingInt) : .double(value)
    }

    /// The value as text ("7", "2.5").
    public var valueText: String? { value.map(JSONValue.format) }

    /// Where the value sits between the ends, 0...1.
    public var fraction: Double? {
        guard let value, maximum > minimum else { return nil }
        let f = (value - minimum) / (maximum - minimum)
        return f.isNaN ? nil : min(1, max(0, f))
    }
}
