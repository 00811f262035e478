import Foundation

/// Decodes v2 `range` and v4 `formatOptions` objects into field options, rejecting inverted ranges.
struct RangeDecoder {
    let node: JSONNode?
    var v4 = false

    /// A range given to a kind that takes none is an error (as in SageResearch).
    func forbid(for what: String) {
        if let node { node.error("\(what) takes no range") }
    }

    func number(integer: Bool) -> NumberOptions {
        guard let node else { return NumberOptions() }
        var o = NumberOptions(
            minimum: node.number("minimumValue"), maximum: node.number("maximumValue"),
            step: node.number("stepInterval"), unit: node.string("unit"),
            maximumFractionDigits: node.int("maximumFractionDigits") ?? node.object("formatter")?.int("maximumDigits"),
            minimumLabel: node.string("minimumLabel"), maximumLabel: node.string("maximumLabel"),
            minimumMessage: node.string("minInvalidMessage"), maximumMessage: node.string("maxInvalidMessage"))
        checkOrder(o.minimum, o.maximum)
        if let s = o.step, s <= 0 { node.error("stepInterval must be greater than zero", at: "stepInterval"); o.step = nil }
        if integer, let s = o.step, s.rounded() != s { node.error("an integer field needs a whole stepInterval", at: "stepInterval") }
        return o
    }

    func year() -> YearOptions {
        guard let node else { return YearOptions() }
        let o = YearOptions(
            minimumYear: node.int(v4 ? "minimumYear" : "minimumValue") ?? node.int("minimumYear"),
            maximumYear: node.int(v4 ? "maximumYear" : "maximumValue") ?? node.int("maximumYear"),
            allowFuture: node.bool("allowFuture") ?? true, allowPast: node.bool("allowPast") ?? true)
        checkOrder(o.minimumYear.map(Double.init), o.maximumYear.map(Double.init))
        if !o.allowFuture, !o.allowPast { node.error("allowFuture and allowPast are both false: no year can be entered") }
        return o
    }

    func duration() -> DurationOptions {
        guard let node else { return DurationOptions() }
        var o = DurationOptions(minimumSeconds: node.number("minimumValue"), maximumSeconds: node.number("maximumValue"))
        if let units = node.strings("durationUnits") ?? node.strings("displayUnits") {
            let parsed = units.compactMap { u -> DurationOptions.Unit? in
                switch u {
                case "h", "hour", "hours": return .hour
                case "m", "min", "minute", "minutes": return .minute
                case "s", "sec", "second", "seconds": return .second
                default: node.warning("unknown duration unit \"\(u)\" is ignored"); return nil
                }
            }
            if !parsed.isEmpty { o.units = parsed }
        }
        checkOrder(o.minimumSeconds, o.maximumSeconds)
        return o
    }

    /// Date options; when `fixed` is false the component follows the coding format (v2 `date` with `HH:mm` is a time).
    func date(defaultComponent: DateOptions.Component, fixed: Bool = false) -> DateOptions? {
        guard let node else { return DateOptions(component: defaultComponent) }
        let format = node.string("codingFormat")
        var component = defaultComponent
        if !fixed, let format {
            let hasDate = format.contains("y") || format.contains("d")
            let hasTime = format.contains("H") || format.contains("h") || format.contains("m")
            component = hasDate && hasTime ? .dateTime : (hasTime ? .time : .date)
        }
        var o = DateOptions(component: component, codingFormat: format, allowFuture: node.bool("allowFuture") ?? true,
                            allowPast: node.bool("allowPast") ?? true, minuteInterval: node.int("minuteInterval"))
        let coder = DateCoding(format: o.codingFormat)
        for (key, keyPath) in [("minimumDate", \DateOptions.minimum), ("maximumDate", \DateOptions.maximum)] {
            let k = node.has(key) ? key : (v4 ? (key == "minimumDate" ? "minimumValue" : "maximumValue") : key)
            guard let raw = node.string(k) else { continue }
            guard let d = coder.date(from: raw) ?? ResultDate.date(from: raw) else {
                node.error("\"\(raw)\" does not match the coding format \(o.codingFormat)", at: k)
                return nil
            }
            o[keyPath: keyPath] = d
        }
        if let raw = node.string("defaultDate") {
            if coder.date(from: raw) == nil { node.error("\"\(raw)\" does not match the coding format \(o.codingFormat)", at: "defaultDate") }
            o.defaultValue = raw
        }
        if let a = o.minimum, let b = o.maximum, a > b { node.error("the minimum date is after the maximum date") }
        if !o.allowFuture, !o.allowPast { node.error("allowFuture and allowPast are both false: no date can be entered") }
        return o
    }

    private func checkOrder(_ min: Double?, _ max: Double?) {
        if let node, let min, let max, min > max {
            node.error("the range is inverted: minimum \(JSONValue.format(min)) is greater than maximum \(JSONValue.format(max))")
        }
    }

    /// A slider needs both ends.
    static func checkSlider(_ kind: InputKind, node: JSONNode) {
        switch kind {
        case .integer(let o), .decimal(let o):
            if o.minimum == nil || o.maximum == nil {
                node.error("a slider needs minimumValue and maximumValue", at: "uiHint")
            } else if let problem = o.sliderProblem(isInteger: Self.isInteger(kind)) {
                node.error(problem, at: "uiHint")
            }
        case .choice: break
        default: node.warning("uiHint slider applies to numbers and choices; ignored", at: "uiHint")
        }
    }

    /// A picker over numbers lists every value; past ``NumberOptions/pickerValueLimit`` a typed
    /// number is asked for instead, and `check` says so.
    static func checkPicker(_ kind: InputKind, node: JSONNode) {
        switch kind {
        case .integer(let o), .decimal(let o):
            guard o.minimum != nil, o.maximum != nil, o.pickerValues(isInteger: Self.isInteger(kind)) == nil else { return }
            node.warning("a picker lists at most \(NumberOptions.pickerValueLimit) values; this range is asked as a typed number", at: "uiHint")
        default: break
        }
    }

    private static func isInteger(_ kind: InputKind) -> Bool { if case .integer = kind { return true }; return false }

    /// Returns the pattern when it compiles, else records an error.
    static func checkRegex(_ pattern: String, node: JSONNode, key: String) -> String? {
        do {
            _ = try NSRegularExpression(pattern: pattern)
            return pattern
        } catch {
            node.error("invalid regular expression \"\(pattern)\"", at: key)
            return nil
        }
    }
}
