extension AnswerValidator {
    /// A number given in one of several units: `{"value": 72.5, "unit": "kg", ...}`, "160 lb" or a
    /// plain number (in the first unit). Returns the answer as an object in the unit chosen.
    func quantity(_ value: JSONValue, _ o: NumberOptions, integer: Bool) -> Result<JSONValue, ValidationMessage> {
        var number = value
        var unit = o.units[0]
        switch value {
        case .object(let members):
            guard let chosen = o.units.first(where: { $0.matches(members) }) else {
                return .failure(ValidationMessage("Choose one of the units: \(o.units.map(\.label).joined(separator: ", "))."))
            }
            unit = chosen
            number = members["value"] ?? .null
        default: break
        }
        if case .string(let s) = number {  // a unit typed after the number ("160 lb") wins
            let words = s.split(whereSeparator: \.isWhitespace).map(String.init)
            if words.count >= 2, let chosen = o.units.first(where: { $0.matches(text: words[words.count - 1]) }) {
                unit = chosen
                number = .string(words.dropLast().joined())
            }
        }
        var plain = o
        plain.units = []
        if unit != o.units[0] { (plain.minimum, plain.maximum) = (nil, nil) }  // the bounds are in the first unit
        switch single(number, integer ? .integer(plain) : .decimal(plain)) {
        case .failure(let m): return .failure(m)
        case .success(let v):
            var out = unit.members
            out["value"] = v
            return .success(.object(out))
        }
    }
}
