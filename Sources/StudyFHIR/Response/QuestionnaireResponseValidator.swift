import StudyCore

/// Checks a QuestionnaireResponse against its Questionnaire like a FHIR validator: structure and
/// hierarchy, answer types, required items, enableWhen, options, optionExclusive, regex, lengths, bounds.
public struct QuestionnaireResponseValidator: Sendable {
    /// The Questionnaire the response answers.
    public var model: QuestionnaireModel

    /// Creates a validator.
    public init(model: QuestionnaireModel) { self.model = model }

    /// Every problem found; errors make the response invalid.
    public func validate(_ response: JSONValue, file: String = "QuestionnaireResponse") -> [Diagnostic] {
        var log = DiagnosticLog(file: file)
        guard response["resourceType"]?.stringValue == "QuestionnaireResponse" else {
            log.error("resourceType", "expected a QuestionnaireResponse, found \(response["resourceType"]?.compactJSON ?? "no resourceType")")
            return log.diagnostics
        }
        checkHeader(response, &log)
        let answers = QuestionnaireResponseReader(model: model).answers(from: response).answers
        let engine = QuestionnaireEngine(model: model, answers: answers)
        walk(response["item"]?.arrayValue ?? [], expected: model.items, path: "", Conditions(engine: engine, answers: answers), &log)
        return log.diagnostics
    }

    /// True when `validate` finds no errors.
    public func isValid(_ response: JSONValue) -> Bool { !validate(response).contains { $0.severity == .error } }

    private func checkHeader(_ r: JSONValue, _ log: inout DiagnosticLog) {
        switch r["status"]?.stringValue {
        case let s? where ResponseStatus(rawValue: s) != nil: break
        case let s?: log.error("status", "\"\(s)\" is not a QuestionnaireResponse status")
        case nil: log.error("status", "status is missing")
        }
        if let q = r["questionnaire"] {
            if let s = q.stringValue, let url = model.url, s.split(separator: "|").first.map(String.init) != url {
                log.warning("questionnaire", "the response names \(s), not \(url)")
            } else if q.stringValue == nil {
                log.error("questionnaire", "questionnaire must be a canonical URL string in R4 (found \(q.typeName))")
            }
        }
        if let a = r["authored"]?.stringValue, !FHIRDateTime.isStrictDateTime(a) {
            log.error("authored", "'\(a)' is not a valid R4 dateTime")
        }
    }

    /// The enableWhen state items are checked against: the whole response's, or within one
    /// repetition of a repeating group answered as a field (its siblings' answers in that
    /// repetition alone, as the app evaluates them).
    private struct Conditions {
        var engine: QuestionnaireEngine
        /// The answers by field (top-level linkId); nil inside a repetition.
        var answers: [String: JSONValue]?
    }

    /// `conditions` for the children of `node`, a repetition of `item`.
    private func conditions(in node: JSONValue, of item: QuestionnaireItem, _ p: String, _ outer: Conditions) -> Conditions {
        guard item.type == .group, item.repeats, var answers = outer.answers, answers[item.linkId] != nil else { return outer }
        var scratch = DiagnosticLog(file: "")
        var state = QuestionnaireResponseReader.ReadState()
        answers[item.linkId] = .array(QuestionnaireResponseReader(model: model).repetitions(node, item, p, &scratch, &state))
        var engine = outer.engine
        _ = engine.setAnswers(answers)
        return Conditions(engine: engine, answers: nil)
    }

    private func walk(_ nodes: [JSONValue], expected: [QuestionnaireItem], path: String, _ conditions: Conditions,
                      _ log: inout DiagnosticLog) {
        let engine = conditions.engine
        var counts: [String: Int] = [:]
        for (i, node) in nodes.enumerated() {
            guard let linkId = node["linkId"]?.stringValue else {
                log.error(ItemPath.child(path, linkId: nil, index: i), "item without linkId")
                continue
            }
            let p = ItemPath.child(path, linkId: linkId, index: i)
            counts[linkId, default: 0] += 1
            guard let item = expected.first(where: { $0.linkId == linkId }) else {
                log.error(p, model.item(linkId) == nil ? "linkId \"\(linkId)\" is not in the Questionnaire"
                                                       : "\"\(linkId)\" is not at this place in the Questionnaire hierarchy")
                continue
            }
            check(node, item, p, conditions, &log)
        }
        for item in expected {
            let n = counts[item.linkId] ?? 0
            let itemPath = ItemPath.child(path, linkId: item.linkId, index: 0)
            if n > 1, !(item.type == .group && item.repeats) {
                log.error(itemPath, "\"\(item.linkId)\" appears \(n) times, but only a repeating group may")
            } else if let max = item.maxOccurs, n > max {
                log.error(itemPath, "\"\(item.linkId)\" repeats \(n) times, at most \(max) allowed")
            }
            if item.type == .group, let min = item.minOccurs, n > 0, n < min {
                log.error(itemPath, "\"\(item.linkId)\" repeats \(n) times, at least \(min) needed")
            }
            let answered = nodes.contains { $0["linkId"]?.stringValue == item.linkId && ($0["answer"]?.arrayValue?.isEmpty == false || item.type == .group) }
            let answerable = model.table.index[item.linkId].map(model.table.hasQuestion(at:)) ?? false
            if item.required, answerable, engine.isEnabled(item.linkId), !answered {
                log.error(ItemPath.child(path, linkId: item.linkId, index: 0), "required item \"\(item.linkId)\" (\(item.text ?? item.rawType)) is not answered")
            }
        }
    }

    private func check(_ node: JSONValue, _ item: QuestionnaireItem, _ p: String, _ outer: Conditions, _ log: inout DiagnosticLog) {
        let answers = node["answer"]?.arrayValue ?? []
        if !outer.engine.isEnabled(item.linkId), !answers.isEmpty || node["item"] != nil {
            log.error(p, "\"\(item.linkId)\" is answered although enableWhen disables it")
        }
        if item.isQuestion, node["item"] != nil {
            log.error(p, "child items of a question belong under answer.item, not item.item")
        }
        var values: [FHIRValue] = []
        for (k, a) in answers.enumerated() {
            switch FHIRValue.read(from: a, prefix: "value") {
            case .value(let v): values.append(v)
            case .absent: log.error(ItemPath.member(p, "answer[\(k)]"), "answer without value[x]")
            case .invalid(let why): log.error(ItemPath.member(p, "answer[\(k)]"), why)
            }
            if let nested = a["item"]?.arrayValue {
                walk(nested, expected: item.children, path: ItemPath.member(p, "answer[\(k)]"), outer, &log)
            }
        }
        for problem in AnswerValidator.problems(values, item: item) { log.error(p, problem) }
        if item.type == .group {
            walk(node["item"]?.arrayValue ?? [], expected: item.children, path: p, conditions(in: node, of: item, p, outer), &log)
        }
    }
}
