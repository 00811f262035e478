import Foundation

/// Checks the answers of one item the way a FHIR validator does: count, type, options and
/// optionExclusive, text length and regex, numeric and date bounds, decimal places.
public enum AnswerValidator {
    /// Human-readable problems with `values` as the answers of `item` (empty when they are fine).
    public static func problems(_ values: [FHIRValue], item: QuestionnaireItem) -> [String] {
        guard let type = item.type, type.isQuestion else {
            return values.isEmpty ? [] : ["a \(item.rawType) item cannot have answers"]
        }
        var out: [String] = []
        if !item.repeats, values.count > 1 { out.append("\(values.count) answers, but the item does not repeat") }
        if let max = item.maxOccurs, values.count > max { out.append("\(values.count) answers, at most \(max) allowed") }
        for v in values {
            let suffix = v.typeSuffix
            guard type.allowedValueTypes.contains(suffix) else {
                out.append("value\(suffix) does not fit a \(item.rawType) item (expected \(type.allowedValueTypes.map { "value" + $0 }.joined(separator: " or ")))")
                continue
            }
            out.append(contentsOf: valueProblems(v, item, type))
        }
        out.append(contentsOf: exclusivity(values, item))
        return out
    }

    private static func valueProblems(_ v: FHIRValue, _ item: QuestionnaireItem, _ type: ItemType) -> [String] {
        var out: [String] = []
        if type == .choice, !item.answerOptions.isEmpty, item.option(matching: v) == nil {
            out.append("\(v.displayText) is not one of the item's options")
        }
        if let s = v.textValue, type == .string || type == .text || type == .url || (type == .openChoice && v.typeSuffix == "String") {
            if s.isEmpty { out.append("the answer is an empty string") }
            if let max = item.maxLength, s.count > max { out.append("'\(s)' is \(s.count) characters long, at most \(max) allowed") }
            if let min = item.minLength, s.count < min { out.append("'\(s)' is \(s.count) characters long, at least \(min) needed") }
            if let pattern = item.regex {
                switch matchesWhole(s, pattern) {
                case true?: break
                case false?: out.append("'\(s)' does not match the pattern \(pattern)")
                case nil: out.append("the item's regex \(pattern) is not a valid regular expression")
                }
            }
        }
        switch v {
        case .dateTime(let s) where !FHIRDateTime.isStrictDateTime(s): out.append("'\(s)' is not a valid R4 dateTime (a time needs seconds and a zone)")
        case .time(let s) where !FHIRDateTime.isStrictTime(s): out.append("'\(s)' is not a valid R4 time (hh:mm:ss)")
        default: break
        }
        if let low = item.minValue, let c = FHIRValueComparison.compare(v, low), c == .orderedAscending {
            out.append("\(v.displayText) is below the minimum \(low.displayText)")
        }
        if let high = item.maxValue, let c = FHIRValueComparison.compare(v, high), c == .orderedDescending {
            out.append("\(v.displayText) is above the maximum \(high.displayText)")
        }
        if let places = item.maxDecimalPlaces, let n = v.numericValue, decimalPlaces(n) > places {
            out.append("\(v.displayText) has more than \(places) decimal places")
        }
        return out
    }

    /// optionExclusive: an exclusive option must be the only answer.
    private static func exclusivity(_ values: [FHIRValue], _ item: QuestionnaireItem) -> [String] {
        guard values.count > 1 else { return [] }
        return values.compactMap { v in
            guard let o = item.option(matching: v), o.isExclusive else { return nil }
            return "the option \(o.label) (\(v.displayText)) excludes every other answer, but \(values.count - 1) more were given"
        }
    }

    /// True when the pattern matches the whole string; nil for an invalid pattern.
    static func matchesWhole(_ s: String, _ pattern: String) -> Bool? {
        guard let re = try? NSRegularExpression(pattern: "^(?:" + pattern + ")$") else { return nil }
        return re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
    }

    private static func decimalPlaces(_ d: Double) -> Int {
        let text = String(d)
        guard let dot = text.firstIndex(of: "."), !text.contains("e") else { return 0 }
        let fraction = text[text.index(after: dot)...]
        return fraction == "0" ? 0 : fraction.count
    }
}
