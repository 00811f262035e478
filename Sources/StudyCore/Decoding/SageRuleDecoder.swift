/// Decodes survey rules and checks each matching answer against the field's answer type.
struct SageRuleDecoder {
    let field: InputField
    /// The rules compare with a whole-step object (v4 multiple input).
    var objectAnswer = false

    func decodeRules(_ node: JSONNode) -> [SurveyRule] {
        node.array("surveyRules")?.compactMap(decodeRule) ?? []
    }

    private func decodeRule(_ r: JSONNode) -> SurveyRule? {
        guard r.requireObject("a survey rule") != nil else { return nil }
        let keys = ["matchingAnswer", "ruleOperator", "skipToIdentifier", "cohort"]
        if !keys.contains(where: { r.value[$0] != nil }) {
            r.error("a survey rule needs matchingAnswer, ruleOperator, skipToIdentifier or cohort")
            return nil
        }
        var op: RuleOperator?
        if let raw = r.string("ruleOperator") {
            guard let parsed = RuleOperator(rawValue: raw) else {
                r.error("unknown rule operator \"\(raw)\"; use one of \(RuleOperator.allCases.map(\.rawValue).joined(separator: ", "))", at: "ruleOperator")
                return nil
            }
            op = parsed
        }
        let match = r.value["matchingAnswer"].flatMap { $0 == .null ? nil : $0 }
        if let match, !objectAnswer, let problem = typeProblem(match) {
            r.error(problem, at: "matchingAnswer")
            return nil
        }
        if match == nil, let op, ![.skip, .always, .equal, .notEqual].contains(op) {
            r.error("operator \"\(op.rawValue)\" needs a matchingAnswer", at: "ruleOperator")
            return nil
        }
        return SurveyRule(matchingAnswer: match, ruleOperator: op,
                          skipToIdentifier: r.string("skipToIdentifier").map(NavigationTarget.init),
                          cohort: r.string("cohort"), accuracy: r.number("accuracy") ?? 0.00001)
    }

    /// Why `value` cannot be compared with this field's answers, or nil when it can.
    private func typeProblem(_ value: JSONValue) -> String? {
        let t = field.answerType
        let element = t.kind == .array ? (t.baseType ?? .string) : t.kind
        let candidates = value.arrayValue.map { t.kind == .array ? $0 : [value] } ?? [value]
        for v in candidates where !Self.fits(v, element) {
            return "matchingAnswer \(value.compactJSON) is a \(v.typeName) but field \"\(field.identifier)\" takes \(Self.describe(element)) answers"
        }
        return nil
    }

    static func fits(_ v: JSONValue, _ kind: AnswerType.Kind) -> Bool {
        switch (kind, v) {
        case (.string, .string), (.boolean, .bool), (.dateTime, .string), (.time, .string): return true
        case (.integer, .int), (.number, .int), (.number, .double), (.duration, .int), (.duration, .double),
             (.measurement, .int), (.measurement, .double): return true
        case (.integer, .double(let d)): return d.rounded() == d
        case (.object, _), (.null, _): return true
        default: return false
        }
    }

    static func describe(_ kind: AnswerType.Kind) -> String {
        switch kind {
        case .integer: return "integer"
        case .number, .duration, .measurement: return "number"
        case .boolean: return "true/false"
        case .dateTime, .time: return "date (string)"
        default: return kind.rawValue
        }
    }
}
