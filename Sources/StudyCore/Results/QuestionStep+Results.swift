import Foundation

extension QuestionStep {
    /// The answers held by a result of this step, keyed by field identifier (`.null` when unanswered).
    public func answers(in result: StepResult) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        switch (resultShape, result) {
        case (.object, .answer(let a)):
            for f in fields { out[f.identifier] = a.value[f.identifier] ?? .null }
        default:
            let held = result.answers
            for f in fields { out[f.identifier] = held[f.identifier] ?? .null }
        }
        return out
    }

    /// A result of this step holding `answers` (missing fields are unanswered).
    public func makeResult(stepID: StepID, answers: [String: JSONValue], startDate: Date, endDate: Date? = nil,
                           questionText: String? = nil) -> StepResult {
        switch resultShape {
        case .collection:
            let children = fields.map { f in
                StepResult.answer(AnswerResult(identifier: f.identifier, startDate: startDate, endDate: endDate,
                    answerType: f.answerType, value: answers[f.identifier] ?? .null, questionText: f.prompt))
            }
            return .collection(CollectionResult(identifier: stepID.rawValue, startDate: startDate, endDate: endDate,
                                                children: children))
        case .single:
            let f = fields[0]
            return .answer(AnswerResult(identifier: stepID.rawValue, startDate: startDate, endDate: endDate,
                answerType: f.answerType, value: answers[f.identifier] ?? .null, questionText: questionText ?? f.prompt))
        case .object:
            var object: [String: JSONValue] = [:]
            for f in fields { if let v = answers[f.identifier], v != .null { object[f.identifier] = v } }
            return .answer(AnswerResult(identifier: stepID.rawValue, startDate: startDate, endDate: endDate,
                answerType: AnswerType(.object), value: object.isEmpty ? .null : .object(object), questionText: questionText))
        }
    }
}

extension StepResult {
    /// The value of a single answer result (a v4 question's whole answer).
    public var singleValue: JSONValue? {
        if case .answer(let a) = self { return a.value }
        return nil
    }

    /// A copy with a new start date (and end date reset to it).
    func restarted(at date: Date) -> StepResult {
        var r = self
        switch r {
        case .base(var x): x.startDate = date; x.endDate = date; x.skipToIdentifier = nil; r = .base(x)
        case .answer(var x): x.startDate = date; x.endDate = date; x.skipToIdentifier = nil; r = .answer(x)
        case .collection(var x):
            x.startDate = date; x.endDate = date; x.skipToIdentifier = nil
            x.children = x.children.map { $0.restarted(at: date) }
            r = .collection(x)
        default: break
        }
        return r
    }
}
