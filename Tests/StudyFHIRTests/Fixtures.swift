import Foundation
import StudyCore

@testable import StudyFHIR

/// Builds small Questionnaires for tests.
enum Fixtures {
    /// A Questionnaire JSON with these items (and optional extra top-level members).
    static func questionnaire(_ items: [JSONValue], extra: [String: JSONValue] = [:]) -> JSONValue {
        var o: [String: JSONValue] = [
            "resourceType": "Questionnaire", "id": "test", "url": "http://example.org/Questionnaire/test",
            "version": "1.0", "status": "active", "item": .array(items),
        ]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }

    /// Parses JSON text (tests write fixtures as text when that reads better).
    static func json(_ text: String) -> JSONValue {
        do { return try JSONParser.parse(text) } catch { fatalError("bad fixture JSON: \(error)") }
    }

    /// Reads a model, failing the test on errors.
    static func model(_ json: JSONValue, language: String? = nil, resources: [JSONValue] = []) -> QuestionnaireModel {
        let (m, log) = QuestionnaireModel.read(json, file: "test.json", language: language, resources: resources)
        guard let m, !log.hasErrors else { fatalError("fixture did not read: \(log.diagnostics)") }
        return m
    }

    /// A question item.
    static func item(_ linkId: String, _ type: String, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var o: [String: JSONValue] = ["linkId": .string(linkId), "type": .string(type), "text": .string("Q \(linkId)")]
        for (k, v) in extra { o[k] = v }
        return .object(o)
    }

    /// An enableWhen entry.
    static func when(_ question: String, _ op: String, _ key: String, _ value: JSONValue) -> JSONValue {
        var o: [String: JSONValue] = ["question": .string(question), "operator": .string(op)]
        o[key] = value
        return .object(o)
    }

    /// A Coding object.
    static func coding(_ code: String, system: String = "http://example.org", display: String? = nil) -> JSONValue {
        var o: [String: JSONValue] = ["system": .string(system), "code": .string(code)]
        if let display { o["display"] = .string(display) }
        return .object(o)
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// The dictionary as a JSON object.
    var asObject: JSONValue { .object(self) }
}
