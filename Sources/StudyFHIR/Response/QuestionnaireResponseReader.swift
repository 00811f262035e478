import StudyCore

/// Reads a QuestionnaireResponse back into StudyCore answers keyed by linkId (for prefill):
/// exporting those answers again gives the same response items.
public struct QuestionnaireResponseReader: Sendable {
    /// The Questionnaire the response answers.
    public var model: QuestionnaireModel

    /// Creates a reader.
    public init(model: QuestionnaireModel) { self.model = model }

    /// The answers and the problems found (unknown linkIds, values of the wrong type...).
    public func answers(from response: JSONValue, file: String = "QuestionnaireResponse") -> (answers: [String: JSONValue], diagnostics: [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        guard response["resourceType"]?.stringValue == "QuestionnaireResponse" else {
            log.error("resourceType", "expected a QuestionnaireResponse, found \(response["resourceType"]?.compactJSON ?? "no resourceType")")
            return ([:], log.diagnostics)
        }
        var scope: [String: JSONValue] = [:]
        read(response["item"]?.arrayValue ?? [], expected: model.items, path: "", into: &scope, &log)
        return (scope, log.diagnostics)
    }

    private func read(_ items: [JSONValue], expected: [QuestionnaireItem], path: String, into scope: inout [String: JSONValue],
                      _ log: inout DiagnosticLog) {
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
                list.append(contentsOf: repetitions(node, item, p, &log))
                scope[linkId] = .array(list)
            } else if item.type == .group {
                read(node["item"]?.arrayValue ?? [], expected: item.children, path: p, into: &scope, &log)
            } else {
                let (values, nested) = answers(node, item, p, &log)
                if scope[linkId] != nil { log.warning(p, "\"\(linkId)\" appears more than once; the last one is used") }
                scope[linkId] = AnswerCoding.coreAnswer(values, item: item)
                for n in nested { read(n, expected: item.children, path: p, into: &scope, &log) }
                read(node["item"]?.arrayValue ?? [], expected: item.children, path: p, into: &scope, &log)
            }
        }
    }

    /// The typed answers of a question item and the `answer.item` lists under them.
    private func answers(_ node: JSONValue, _ item: QuestionnaireItem, _ path: String, _ log: inout DiagnosticLog) -> ([FHIRValue], [[JSONValue]]) {
        var values: [FHIRValue] = [], nested: [[JSONValue]] = []
        for (k, a) in (node["answer"]?.arrayValue ?? []).enumerated() {
            switch FHIRValue.read(from: a, prefix: "value") {
            case .value(let v): values.append(v)
            case .absent: break
            case .invalid(let why): log.warning(ItemPath.member(path, "answer[\(k)]"), "\(why); skipped")
            }
            if let children = a["item"]?.arrayValue { nested.append(children) }
        }
        return (values, nested)
    }

    /// One object per repetition: a repeating group's items, or a repeating question's answer with its children.
    func repetitions(_ node: JSONValue, _ item: QuestionnaireItem, _ path: String, _ log: inout DiagnosticLog) -> [JSONValue] {
        if item.type == .group {
            var o: [String: JSONValue] = [:]
            read(node["item"]?.arrayValue ?? [], expected: item.children, path: path, into: &o, &log)
            return [.object(o)]
        }
        var out: [JSONValue] = []
        for (k, a) in (node["answer"]?.arrayValue ?? []).enumerated() {
            var o: [String: JSONValue] = [:]
            switch FHIRValue.read(from: a, prefix: "value") {
            case .value(let v): o[item.linkId] = AnswerCoding.coreValue(v, item: item)
            case .absent: break
            case .invalid(let why): log.warning(ItemPath.member(path, "answer[\(k)]"), "\(why); skipped")
            }
            read(a["item"]?.arrayValue ?? [], expected: item.children, path: ItemPath.member(path, "answer[\(k)]"), into: &o, &log)
            out.append(.object(o))
        }
        return out
    }
}
