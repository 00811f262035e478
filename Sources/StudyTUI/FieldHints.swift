import StudyCore
import TUIKit

/// Short hints shown after an input box: units and ranges.
enum FieldHints {
    /// "cm", "0 to 24", "1900 or later"; nil when there is nothing to say. With a choice of units,
    /// the chosen one is bracketed among the others: "[kg] lb g".
    static func suffix(_ field: InputField, unit chosen: UnitChoice? = nil) -> String? {
        switch field.kind {
        case .integer(let o), .decimal(let o):
            var parts: [String] = []
            if o.units.count > 1 {
                let chosen = chosen ?? o.units[0]
                parts.append(o.units.map { u in Sanitizer.sanitizeLine(u == chosen ? "[\(u.label)]" : u.label) }.joined(separator: " "))
            } else if let unit = o.unit { parts.append(Sanitizer.sanitizeLine(unit)) }
            if let r = range(o.minimum, o.maximum, lowLabel: o.minimumLabel, highLabel: o.maximumLabel) { parts.append(o.units.count > 1 ? "\(r) \(Sanitizer.sanitizeLine(o.units[0].label))" : r) }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        case .year(let o):
            return range(o.minimumYear.map(Double.init), o.maximumYear.map(Double.init))
        case .measurement(let o):
            return o.unit
        case .text(let o):
            return o.maximumLength.map { "up to " + CountText.of($0, "character") }
        case .postalCode:
            return "first part is kept"
        default:
            return nil
        }
    }

    /// "1 to 7", or with the ends' labels "1 (not at all) to 7 (extremely)".
    static func range(_ low: Double?, _ high: Double?, lowLabel: String? = nil, highLabel: String? = nil) -> String? {
        let f = { (d: Double) -> String in
            let label = d == low ? lowLabel : d == high ? highLabel : nil
            return JSONValue.double(d).displayText + (label.map { " (" + Sanitizer.sanitizeLine($0) + ")" } ?? "")
        }
        switch (low, high) {
        case (let l?, let h?): return "\(f(l)) to \(f(h))"
        case (let l?, nil): return "\(f(l)) or more"
        case (nil, let h?): return "up to \(f(h))"
        default: return nil
        }
    }
}

/// Readable text for answer values (codings show their display).
enum ValueText {
    static func describe(_ v: JSONValue) -> String {
        switch v {
        case .object(let o):
            if let d = o["display"]?.stringValue { return Sanitizer.sanitizeLine(d) }
            if let c = o["code"] { return Sanitizer.sanitizeLine(c.displayText) }
            if let value = o["value"] { return describe(value) + (o["unit"]?.stringValue.map { " " + $0 } ?? "") }
            return Sanitizer.sanitizeLine(v.compactJSON)
        case .array(let a): return a.map(describe).joined(separator: ", ")
        case .null: return "—"
        default: return Sanitizer.sanitizeLine(v.displayText)
        }
    }
}
