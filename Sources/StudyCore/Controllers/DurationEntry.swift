/// A duration typed as hours and minutes (and seconds when the field takes them); Left/Right
/// move between the parts.
public struct DurationEntry: Sendable, Equatable {
    /// The units shown, largest first.
    public let units: [DurationOptions.Unit]
    /// The digits typed per unit.
    public private(set) var parts: [TextBuffer]
    /// The unit being typed.
    public private(set) var active = 0

    public init(options: DurationOptions, seconds: Double? = nil) {
        let order: [DurationOptions.Unit] = [.hour, .minute, .second]
        let chosen = order.filter(options.units.contains)
        units = chosen.isEmpty ? [.hour, .minute] : chosen
        parts = units.map { _ in TextBuffer(maximumLength: 5) }
        if let seconds { set(seconds: seconds) }
    }

    /// The seconds in one unit.
    public static func seconds(in unit: DurationOptions.Unit) -> Int {
        switch unit {
        case .hour: return 3600
        case .minute: return 60
        case .second: return 1
        }
    }

    /// A short label ("h", "min", "s").
    public static func label(_ unit: DurationOptions.Unit) -> String {
        switch unit {
        case .hour: return "h"
        case .minute: return "min"
        case .second: return "s"
        }
    }

    /// Spreads a number of seconds over the units.
    public mutating func set(seconds: Double) {
        var rest = max(0, seconds.saturatingInt)
        for (i, u) in units.enumerated() {
            let n = rest / Self.seconds(in: u)
            rest -= n * Self.seconds(in: u)
            parts[i].setText(String(n))
        }
    }

    /// Types a digit into the active part; false for anything else.
    public mutating func insert(_ c: Character) -> Bool {
        guard c.isASCII, c.isNumber else { return false }
        return parts[active].insert(c)
    }

    /// Deletes in the active part (or moves to the previous part when it is empty).
    public mutating func backspace() -> Bool {
        if parts[active].backspace() { return true }
        guard active > 0 else { return false }
        active -= 1
        return parts[active].backspace()
    }

    /// Moves to the previous (-1) or next (+1) part; false at an edge.
    public mutating func moveActive(_ delta: Int) -> Bool {
        let target = active + delta
        guard parts.indices.contains(target) else { return false }
        active = target
        return true
    }

    /// Moves between the parts (Tab, Shift-Tab, or where the focus arrives); false past an end.
    public mutating func movePart(_ move: PartMove) -> Bool {
        guard let target = move.target(from: active, count: parts.count) else { return false }
        active = target
        return true
    }

    /// Reads "1:30", "90" (the first unit) or "1 30".
    public mutating func setText(_ s: String) {
        let pieces = s.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "h" }).map(String.init)
        for i in parts.indices { parts[i].setText(i < pieces.count ? pieces[i].filter(\.isNumber) : "") }
        active = 0
    }

    /// The answer in seconds, or nil when nothing was typed.
    public var json: JSONValue {
        guard parts.contains(where: { !$0.isEmpty }) else { return .null }
        var total = 0
        for (u, p) in zip(units, parts) { total += (Int(p.text) ?? 0) * Self.seconds(in: u) }
        return .int(total)
    }
}
