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
        let units = Dictionary(result.root.measurementsOnPath(prefix: "").flatMap { path, measured in
            measured.summary.compactMap { value in value.unit.map { (StepID.path(path + "/", value.identifier), $0) } }
        }, uniquingKeysWith: { _, last in last })
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
            "component": .array(result.answersOnPath.map { component(path: $0.path, value: $0.value, unit: units[$0.path]) }),
        ]
    }

    /// One answer as a component with the matching `value[x]` (or a data-absent reason when skipped).
    /// A summary value with a unit is a UCUM quantity (`ms`, `{count}`).
    func component(path: String, value: JSONValue, unit: String? = nil) -> JSONValue {
        var c: [String: JSONValue] = ["code": ["coding": [["system": .string(Self.stepSystem), "code": .string(path)]], "text": .string(path)]]
        switch value {
        case .null:
            c["dataAbsentReason"] = ["coding": [["system": "http://terminology.hl7.org/CodeSystem/data-absent-reason", "code": "asked-declined"]]]
        case .bool(let b): c["valueBoolean"] = .bool(b)
        case .int where unit != nil, .double where unit != nil:
            let unit = JSONValue.string(unit ?? "")
            c["valueQuantity"] = ["value": value, "unit": unit, "system": "http://unitsofmeasure.org", "code": unit]
        case .int(let i) where Int32(exactly: i) != nil: c["valueInteger"] = .int(i)
        case .int, .double: c["valueQuantity"] = ["value": value]
        case .string(let s): c["valueString"] = .string(s)
        case .array, .object: c["valueString"] = .string(value.compactJSON)
        }
        return .object(c)
    }

    /// The DocumentReferences of the trial logs of every timed step on `result`'s route, in route
    /// order (none when the run has no timed step).
    public func trialLogDocuments(result: TaskResult) -> [JSONValue] {
        result.root.measurementsOnPath(prefix: "").map { trialLogDocument(result: result, path: $0.path, measurement: $0.measurement) }
    }

    /// A DocumentReference for a timed step's trial log (NDJSON, carried inline in base64), tied
    /// to the run's Observation by the run's identifier; `path` is the step's place on the route.
    public func trialLogDocument(result: TaskResult, path: String, measurement: MeasurementResult) -> JSONValue {
        let run = "urn:uuid:" + result.taskRunUUID.uuidString.lowercased()
        var description = "Trial log of \(measurement.measurementType) at \(path)"
        if let note = measurement.note { description += " (\(note))" }
        return [
            "resourceType": "DocumentReference",
            "status": "current",
            "identifier": [["system": "urn:ietf:rfc:3986", "value": .string(run + "#" + path)]],
            "type": ["coding": [["system": .string(Self.stepSystem), "code": .string(path)]], "text": "trial log"],
            "date": .string(ResultDate.string(from: measurement.endDate, timeZone: timeZone)),
            "description": .string(description),
            "context": ["related": [["identifier": ["system": "urn:ietf:rfc:3986", "value": .string(run)]]]],
            "content": [["attachment": [
                "contentType": "application/x-ndjson",
                "data": .string(Data(measurement.trialLog.utf8).base64EncodedString()),
                "title": .string(path + ".ndjson"),
            ]]],
        ]
    }
}
