extension FieldEditor {
    /// The units a number field offers (empty unless there are two or more).
    public var unitChoices: [UnitChoice] {
        switch field.kind {
        case .integer(let o), .decimal(let o): return o.units.count > 1 ? o.units : []
        default: return []
        }
    }

    /// The unit chosen, when the field offers several.
    public var chosenUnit: UnitChoice? {
        let units = unitChoices
        return units.isEmpty ? nil : units[min(unitIndex, units.count - 1)]
    }

    /// Chooses the next (`+1`) or previous (`-1`) unit, wrapping around; false when there is no choice.
    mutating func cycleUnit(_ direction: Int) -> Bool {
        let n = unitChoices.count
        guard n > 1 else { return false }
        unitIndex = ((unitIndex + direction) % n + n) % n
        return true
    }

    /// The typed text as an answer in the chosen unit (unchanged when the field has no unit choice).
    func inChosenUnit(_ typed: JSONValue) -> JSONValue {
        guard let unit = chosenUnit else { return typed }
        var o = unit.members
        o["value"] = typed
        return .object(o)
    }

    /// The number of an answer given in one of the units, choosing that unit (other values unchanged).
    mutating func loadUnit(_ value: JSONValue) -> JSONValue {
        let units = unitChoices
        guard !units.isEmpty, case .object(let o) = value else { return value }
        if let i = units.firstIndex(where: { $0.matches(o) }) { unitIndex = i }
        return o["value"] ?? .null
    }
}
