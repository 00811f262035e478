import StudyCore

/// Reads a QuestionnaireResponse back into StudyCore answers keyed by linkId (for prefill):
/// exporting those answers again gives the same response items. Answers the Questionnaire does not
/// offer are kept (and reported), never dropped: `unlisted` names them so that the task can offer them.
public struct QuestionnaireResponseReader: Sendable {
    /// The Questionnaire the response answers.
    public var model: QuestionnaireModel

    /// What a response gave.
    public struct Reading: Sendable {
        /// StudyCore answers keyed by linkId.
        public var answers: [String: JSONValue]
        /// Problems found (unknown linkIds, values of the wrong type, answers that are not options...).
        public var diagnostics: [Diagnostic]
        /// Values of choice items that no option gives exactly as written, by linkId (in the order
        /// read): answers that are not options, and options written differently (a Coding without its display).
        public var unlisted: [String: [FHIRValue]]
    }

    /// Creates a reader.
    public init(model: QuestionnaireModel) { self.model = model }

    /// The answers and the problems found (unknown linkIds, values of the wrong type...).
    public func answers(from response: JSONValue, file: String = "QuestionnaireResponse") -> (answers: [String: JSONValue], diagnostics: [Diagnostic]) {
        let r = read(response, file: file)
        return (r.answers, r.diagnostics)
    }

    /// Reads a response: answers, problems and the answers no option matches.
    public func read(_ response: JSONValue, file: String = "QuestionnaireResponse") -> Reading {
        var log = DiagnosticLog(file: file)
        guard response["resourceType"]?.stringValue == "QuestionnaireResponse" else {
            log.error("resourceType", "expected a QuestionnaireResponse, found \(response["resourceType"]?.compactJSON ?? "no resourceType")")
            return Reading(answers: [:], diagnostics: log.diagnostics, unlisted: [:])
        }
        var scope: [String: JSONValue] = [:]
        var state = ReadState()
        read(response["item"]?.arrayValue ?? [], expected: model.items, path: "", into: &scope, &log, &state)
        return Reading(answers: scope, diagnostics: log.diagnostics, unlisted: state.unlisted)
    }

    /// What reading collects besides answers.
    struct ReadState {
        var unlisted: [String: [FHIRValue]] = [:]
    }

    private func read(_ items: [JSONValue], expected: [QuestionnaireItem], path: String, into scope: inout [String: JSONValue],
                      _ log: inout DiagnosticLog, _ state: inout ReadState) {
        for (i, node) in items.enumerated() {
            let linkId = node["linkId"]?.stringValue
            let p = ItemPath.child(path, linkId: linkId, index: i)
            guard let linkId else { log.warning(p, "response item without linkId; skipped"); continue }
            guard let item = expected.first(where: { $0.linkId == linkId }) ?? model.item(linkId) else {
                log.warning(p, "linkId \"\(linkId)\" is not in the Questionnaire; skipped")
                continue
            }
            if !expected.contains(where: { $0.linkId == linkId }) {
                log.warning(p, "\"\(linkId)\" is not at its place in the Questionnaire hierarchy; read anyway")
            }
            if item.answersAsRepetitions {
                var list = scope[linkId]?.arrayValue ?? []
                list.append(contentsOf: repetitions(node, item, p, &log, &state))
                scope[linkId] = .array(list)
            } else if item.type == .group {
                read(node["item"]?.arrayValue ?? [], expected: item.children, path: p, into: &scope, &log, &state)
            } else {
                let (values, nested) = answers(node, item, p, &log, &state)
                if scope[linkId] != nil { log.warning(p, "\"\(linkId)\" appears more than once; the last one is used") }
                if item.calculatedExpression != nil {
                    if !values.isEmpty { log.warning(p, "\"\(linkId)\" is calculated: its answer is computed again from the other answers, not read") }
                } else {
                    scope[linkId] = AnswerCoding.coreAnswer(values, item: item)
                }
                for n in nested { read(n, expected: item.children, path: p, into: &scope, &log, &state) }
                read(node["item"]?.arrayValue ?? [], expected: item.children, path: p, into: &scope, &log, &state)
            }
        }
    }

    /// The typed answers of a question item and the `answer.item` lists under them.
    private func answers(_ node: JSONValue, _ item: QuestionnaireItem, _ path: String, _ log: inout DiagnosticLog,
                         _ state: inout ReadState) -> ([FHIRValue], [[JSONValue]]) {
        var values: [FHIRValue] = [], nested: [[JSONValue]] = []
        for (k, a) in (node["answer"]?.arrayValue ?? []).enumerated() {
            switch FHIRValue.read(from: a, prefix: "value") {
            case .value(let v):
                let at = ItemPath.member(path, "answer[\(k)]")
                if let v = fitted(v, item, at, &log) { values.append(checked(v, item, at, &log, &state)) }
            case .absent: break
            case .invalid(let why): log.warning(ItemPath.member(path, "answer[\(k)]"), "\(why); skipped")
            }
            if let children = a["item"]?.arrayValue { nested.append(children) }
        }
        return (values, nested)
    }

    /// One object per repetition: a repeating group's items, or a repeating question's answer with its children.
    func repetitions(_ node: JSONValue, _ item: QuestionnaireItem, _ path: String, _ log: inout DiagnosticLog,
                     _ state: inout ReadState) -> [JSONValue] {
        if item.type == .group {
            var o: [String: JSONValue] = [:]
            read(node["item"]?.arrayValue ?? [], expected: item.children, path: path, into: &o, &log, &state)
            return [.object(o)]
        }
        var out: [JSONValue] = []
        for (k, a) in (node["answer"]?.arrayValue ?? []).enumerated() {
            var o: [String: JSONValue] = [:]
            switch FHIRValue.read(from: a, prefix: "value") {
            case .value(let v):
                let at = ItemPath.member(path, "answer[\(k)]")
                if let v = fitted(v, item, at, &log) { o[item.linkId] = AnswerCoding.coreValue(checked(v, item, at, &log, &state), item: item) }
            case .absent: break
            case .invalid(let why): log.warning(ItemPath.member(path, "answer[\(k)]"), "\(why); skipped")
            }
            read(a["item"]?.arrayValue ?? [], expected: item.children, path: ItemPath.member(path, "answer[\(k)]"), into: &o, &log, &state)
            out.append(.object(o))
        }
        return out
    }

    /// A number item's answer as a number: a Quantity (LHC-Forms writes `valueQuantity` for a
    /// decimal or integer item with a unit) gives its value when it names no unit, the item's
    /// one unit (`questionnaire-unit`), or a unit the item names; any other answer that is not a
    /// number is dropped with a warning naming it (nil), so that a prefill never stops a run.
    func fitted(_ v: FHIRValue, _ item: QuestionnaireItem, _ path: String, _ log: inout DiagnosticLog) -> FHIRValue? {
        guard item.type == .decimal || item.type == .integer else { return v }
        switch v {
        case .integer, .decimal: return v
        case .quantity(let q):
            guard let value = q.value else {
                log.warning(path, "\(v.displayText) for \"\(item.linkId)\" has no value; dropped")
                return nil
            }
            guard Self.unitFits(q, item.units) else {
                let named = item.units.isEmpty ? "no unit" : item.units.map { $0.code ?? $0.display ?? "?" }.joined(separator: ", ")
                log.warning(path, "\(v.displayText) for \"\(item.linkId)\" is not in its unit (\(named)); dropped")
                return nil
            }
            if item.type == .integer {
                guard value.rounded() == value, abs(value) < 1e15 else {
                    log.warning(path, "\(v.displayText) for the whole-number item \"\(item.linkId)\" is not a whole number; dropped")
                    return nil
                }
                return .integer(Int(value))
            }
            return .decimal(value)
        default:
            log.warning(path, "\(v.displayText) (value\(v.typeSuffix)) does not answer the \(item.type?.rawValue ?? "number") item \"\(item.linkId)\"; dropped")
            return nil
        }
    }

    /// True when a quantity's unit fits an item's units: it names none; the item names one unit
    /// and the quantity gives no other code for it; or its code or text is one the item names.
    static func unitFits(_ q: Quantity, _ units: [Coding]) -> Bool {
        if q.code == nil, q.unit == nil { return true }
        let matches = units.contains { u in
            if let code = q.code { return code == u.code }
            return q.unit == u.code || q.unit == u.display
        }
        return matches || (units.count == 1 && q.code == nil)
    }

    /// A choice answer as the option it matches (a Coding by system and code, whatever its display),
    /// or as given when no option matches: then it is reported and remembered in `unlisted`.
    private func checked(_ v: FHIRValue, _ item: QuestionnaireItem, _ path: String, _ log: inout DiagnosticLog,
                         _ state: inout ReadState) -> FHIRValue {
        guard item.type == .choice || item.type == .openChoice, item.answerValueSet != nil || !item.answerOptions.isEmpty else { return v }
        if let option = item.option(matching: v) {
            // The same option written differently (a Coding without its system or display): kept as
            // written, and the option is offered with that value, so the export gives it back unchanged.
            if option.value != v, !(state.unlisted[item.linkId] ?? []).contains(v) { state.unlisted[item.linkId, default: []].append(v) }
            return v
        }
        if item.type == .openChoice, case .string = v { return v }  // free text of an open choice
        if item.answerOptions.isEmpty {
            log.warning(path, "\(v.displayText) is from the ValueSet \(item.answerValueSet ?? ""), which is not available offline; it is kept and offered")
        } else {
            log.warning(path, "\(v.displayText) is not one of the options of \"\(item.linkId)\"; it is kept and offered as an option")
        }
        if !(state.unlisted[item.linkId] ?? []).contains(v) { state.unlisted[item.linkId, default: []].append(v) }
        return v
    }
}
