import Foundation
import StudyCore

/// Writes QuestionnaireResponse `item` arrays that mirror the Questionnaire: repeating groups as
/// sibling items with the same linkId, repeating questions as several answers, children of a
/// question under `answer.item`. Disabled and display items are left out.
struct ResponseItemWriter {
    /// The Questionnaire mirrored.
    let model: QuestionnaireModel
    /// Whether the item at a table position is enabled.
    let isEnabled: (Int) -> Bool
    /// The calculated StudyCore value of the item at a table position, when it has one.
    let calculated: (Int) -> JSONValue?
    /// The zone for dateTime answers without one.
    let timeZone: TimeZone
    /// Problems met (values that do not fit the item type), as messages with item paths.
    private(set) var problems: [(path: String, message: String)] = []

    /// Creates a writer.
    init(model: QuestionnaireModel, timeZone: TimeZone, isEnabled: @escaping (Int) -> Bool, calculated: @escaping (Int) -> JSONValue?) {
        self.model = model
        self.timeZone = timeZone
        self.isEnabled = isEnabled
        self.calculated = calculated
    }

    /// The response items for `list` with answers looked up by linkId in `scope`.
    mutating func items(_ list: [QuestionnaireItem], scope: [String: JSONValue]) -> [JSONValue] {
        var out: [JSONValue] = []
        for item in list {
            guard let idx = model.table.index[item.linkId], isEnabled(idx), let type = item.type, type != .display else { continue }
            if item.answersAsRepetitions {
                out.append(contentsOf: repetitions(item, idx, scope))
            } else if type == .group {
                let children = items(item.children, scope: scope)
                if !children.isEmpty { out.append(node(item, ["item": .array(children)])) }
            } else if let q = question(item, idx, value: calculated(idx) ?? scope[item.linkId], scope: scope) {
                out.append(q)
            }
        }
        return out
    }

    private func node(_ item: QuestionnaireItem, _ members: [String: JSONValue]) -> JSONValue {
        var o = members
        o["linkId"] = .string(item.linkId)
        if let text = item.text { o["text"] = .string(text) }
        return .object(o)
    }

    /// A question item with its answers; children (of a non-repeating question) under the first answer.
    private mutating func question(_ item: QuestionnaireItem, _ idx: Int, value: JSONValue?, scope: [String: JSONValue]) -> JSONValue? {
        var answers = answerElements(value, item)
        let children = item.children.isEmpty ? [] : items(item.children, scope: scope)
        if answers.isEmpty {
            if !children.isEmpty {
                problems.append((item.path, "answers to the child items were left out: they belong under an answer of this question, which has none"))
            }
            return nil
        }
        if !children.isEmpty, case .object(var first) = answers[0] {
            first["item"] = .array(children)
            answers[0] = .object(first)
        }
        return node(item, ["answer": .array(answers)])
    }

    private mutating func answerElements(_ value: JSONValue?, _ item: QuestionnaireItem) -> [JSONValue] {
        guard let value, value != .null else { return [] }
        let list = value.arrayValue ?? [value]
        var out: [JSONValue] = []
        for v in list {
            if let f = AnswerCoding.fhirValue(v, item: item) {
                out.append(AnswerCoding.answerElement(f, item: item, timeZone: timeZone))
            } else if v != .null {
                problems.append((item.path, "the answer \(v.compactJSON) does not fit a \(item.rawType) item; left out"))
            }
        }
        if out.count > 1, !item.repeats {
            problems.append((item.path, "\(out.count) answers for an item that does not repeat; only the first is reported"))
            out = [out[0]]
        }
        return out
    }

    /// One item per repetition: a repeating group's repetitions, or a repeating question's answers with their children.
    private mutating func repetitions(_ item: QuestionnaireItem, _ idx: Int, _ scope: [String: JSONValue]) -> [JSONValue] {
        let value = scope[item.linkId]
        let instances = value?.arrayValue ?? (value.map { [$0] } ?? [])
        if item.type == .group {
            return instances.compactMap { inst -> JSONValue? in
                guard case .object(let o) = inst else {
                    problems.append((item.path, "a repetition of a repeating group must be an object keyed by linkId; found \(inst.typeName)"))
                    return nil
                }
                let children = items(item.children, scope: o)
                if children.isEmpty { return Optional<JSONValue>.none }  // not `nil`: JSONValue is nil-literal expressible
                return node(item, ["item": .array(children)])
            }
        }
        var answers: [JSONValue] = []
        for inst in instances {
            let own = inst.objectValue.map { $0[item.linkId] ?? .null } ?? inst
            guard case .object(var a)? = answerElements(own, item).first else { continue }
            if case .object(let o) = inst {
                let children = items(item.children, scope: o)
                if !children.isEmpty { a["item"] = .array(children) }
            }
            answers.append(.object(a))
        }
        return answers.isEmpty ? [] : [node(item, ["answer": .array(answers)])]
    }
}
