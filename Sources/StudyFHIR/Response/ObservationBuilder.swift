import Foundation
import StudyCore

/// Builds a FHIR R4 Observation for a run of a task that is not a Questionnaire (a Sage survey or an
/// active task): one Observation per run, coded by the task, with one component per answer on the route.
public struct ObservationBuilder: Sendable {
    /// The code system naming StudyTerm tasks.
    public static let taskSystem = "urn:studyterm:task"
    /// The code system naming answers by their `section/step/field` path.
    public static let stepSystem = "urn:studyterm:step"
    /// The zone dates are written in.
    public var timeZone: TimeZone

    /// A builder writing dates in `timeZone`.
    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The Observation for `result`: identifier = the run UUID, code = the task, effective = the run's
    /// period, status `final` for a completed run and `preliminary` otherwise.
    public func build(result: TaskResult, taskTitle: String? = nil) -> JSONValue {
        var code: [String: JSONValue] = ["system": .string(Self.taskSystem), "code": .string(result.identifier)]
        if let taskTitle { code["display"] = .string(taskTitle) }
        var period: [String: JSONValue] = ["start": .string(ResultDate.string(from: result.root.startDate, timeZone: timeZone))]
        if let end = result.root.endDate { period["end"] = .string(ResultDate.string(from: end, timeZone: timeZone)) }
        return [
            "resourceType": "Observation",
            "identifier": [["system": "urn:ietf:rfc:3986", "value": .string("urn:uuid:" + result.taskRunUUID.uuidString.lowercased())]],
            "status": .string(result.finishReason == .completed || result.finishReason == nil ? "final" : "preliminary"),
            "category": [["coding": [["system": "http://terminology.hl7.org/CodeSystem/observation-category", "code": "survey"]]]],
            "code": ["coding": [.object(code)], "text": .string(taskTitle ?? result.identifier)],
            "effectivePeriod": .object(period),
            "component": .array(result.answersOnPath.map { component(path: $0.path, value: $0.value) }),
        ]
    }

    /// One answer as a component with the matching `value[x]` (or a data-absent reason when skipped).
    func component(path: String, value: JSONValue) -> JSONValue {
        var c: [String: JSONValue] = ["code": ["coding": [["system": .string(Self.stepSystem), "code": .string(path)]], "text": .string(path)]]
        switch value {
        case .null:
            c["dataAbsentReason"] = ["coding": [["system": "http://terminology.hl7.org/CodeSystem/data-absent-reason", "code": "asked-declined"]]]
        case .bool(let b): c["valueBoolean"] = .bool(b)
        case .int(let i) where Int32(exactly: i) != nil: c["valueInteger"] = .int(i)
        case .int, .double: c["valueQuantity"] = ["value": value]
        case .string(let s): c["valueString"] = .string(s)
        case .array, .object: c["valueString"] = .string(value.compactJSON)
        }
        return .object(c)
    }
}
