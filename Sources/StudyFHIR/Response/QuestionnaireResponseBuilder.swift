import Foundation
import StudyCore

/// Builds a FHIR R4 QuestionnaireResponse from a Questionnaire and StudyCore answers.
public struct QuestionnaireResponseBuilder: Sendable {
    /// The Questionnaire answered.
    public var model: QuestionnaireModel
    /// The zone `authored` and dateTime answers without one are written in.
    public var timeZone: TimeZone

    /// A response and the problems met while building it.
    public struct Output: Sendable {
        /// The QuestionnaireResponse resource.
        public var resource: JSONValue
        /// Answers that could not be reported (wrong type, children of an unanswered question...).
        public var problems: [Diagnostic]
    }

    /// Creates a builder.
    public init(model: QuestionnaireModel, timeZone: TimeZone = .current) {
        self.model = model
        self.timeZone = timeZone
    }

    /// The response for a run's result: answers by field identifier (linkId), status from the finish
    /// reason, `authored` = the end of the run (or its start), identifier = the run UUID.
    public func build(result: TaskResult, subject: JSONValue? = nil, author: JSONValue? = nil, id: String? = nil) -> Output {
        build(answers: Self.answers(in: result), status: ResponseStatus(finishReason: result.finishReason),
              authored: result.root.endDate ?? result.root.startDate, identifier: result.taskRunUUID,
              subject: subject, author: author, id: id)
    }

    /// The response for answers keyed by linkId (the StudyCore encoding, see `AnswerCoding`).
    /// Disabled items are left out; calculated items carry their computed values.
    public func build(answers: [String: JSONValue], status: ResponseStatus, authored: Date, identifier: UUID? = nil,
                      subject: JSONValue? = nil, author: JSONValue? = nil, id: String? = nil) -> Output {
        let engine = QuestionnaireEngine(model: model, answers: answers, now: authored)
        let enabled = engine.enabled, calculated = engine.calculated
        var writer = ResponseItemWriter(model: model, timeZone: timeZone, isEnabled: { enabled[$0] }, calculated: { calculated[$0] })
        var o: [String: JSONValue] = [
            "resourceType": "QuestionnaireResponse", "status": .string(status.rawValue),
            "authored": .string(ResultDate.string(from: authored, timeZone: timeZone)),
            "item": .array(writer.items(model.items, scope: answers)),
        ]
        if let c = model.canonical { o["questionnaire"] = .string(c) }
        if let identifier { o["identifier"] = ["system": "urn:ietf:rfc:3986", "value": .string("urn:uuid:" + identifier.uuidString.lowercased())] }
        if let language = model.language { o["language"] = .string(language) }
        if let subject { o["subject"] = subject }
        if let author { o["author"] = author }
        if let id { o["id"] = .string(id) }
        if o["item"] == .array([]) { o["item"] = nil }
        let file = model.id.map { "QuestionnaireResponse for \($0)" } ?? "QuestionnaireResponse"
        let problems = writer.problems.map { Diagnostic(.warning, file: file, path: $0.path, message: $0.message) }
        return Output(resource: .object(o), problems: problems)
    }

    /// The answers of a result keyed by field identifier: the latest visit of every step on the
    /// route, sections included; unanswered (`null`) fields are left out.
    public static func answers(in result: TaskResult) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        collect(result.root, directory: result.outputDirectory, into: &out)
        return out
    }

    private static func collect(_ branch: BranchResult, directory: String?, into out: inout [String: JSONValue]) {
        var seen = Set<StepID>()
        for marker in branch.path where seen.insert(marker.identifier).inserted {
            switch branch.findResult(marker.identifier) {
            case .section(let b)?: collect(b, directory: directory, into: &out)
            case .answer(let a)? where a.value != .null: out[a.identifier] = a.value
            case .collection(let c)?:
                for case .answer(let a) in c.children where a.value != .null { out[a.identifier] = a.value }
            case .file(let f)?:
                out[f.identifier] = .string(directory.map { URL(fileURLWithPath: $0).appendingPathComponent(f.relativePath).path } ?? f.relativePath)
            default: break
            }
        }
    }
}
