import Foundation

/// A result JSON document that cannot be read, with the JSON path of the problem.
public struct ResultFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

extension StepResult {
    /// The JSON form (JsonModel's `type`-keyed objects).
    public var json: JSONValue {
        func times(_ o: inout [String: JSONValue], _ id: String, _ s: Date, _ e: Date?) {
            o["identifier"] = .string(id)
            o["startDate"] = .string(ResultDate.string(from: s))
            if let e { o["endDate"] = .string(ResultDate.string(from: e)) }
        }
        var o: [String: JSONValue] = [:]
        switch self {
        case .base(let r):
            o["type"] = "base"
            times(&o, r.identifier, r.startDate, r.endDate)
            if let s = r.skipToIdentifier { o["skipToIdentifier"] = .string(s) }
            if let s = r.skipReason { o["skipReason"] = .string(s) }
        case .answer(let r):
            o["type"] = "answer"
            times(&o, r.identifier, r.startDate, r.endDate)
            o["answerType"] = r.answerType.json
            o["value"] = r.value
            if let q = r.questionText { o["questionText"] = .string(q) }
            if let s = r.skipToIdentifier { o["skipToIdentifier"] = .string(s) }
        case .collection(let r):
            o["type"] = "collection"
            times(&o, r.identifier, r.startDate, r.endDate)
            o["children"] = .array(r.children.map(\.json))
            if let s = r.skipToIdentifier { o["skipToIdentifier"] = .string(s) }
        case .section(let r):
            o = r.jsonMembers
            o["type"] = "section"
        case .file(let r):
            o["type"] = "file"
            times(&o, r.identifier, r.startDate, r.endDate)
            o["relativePath"] = .string(r.relativePath)
            if let c = r.contentType { o["contentType"] = .string(c) }
            if let u = r.startUptime { o["startUptime"] = .double(u) }
        case .error(let r):
            o["type"] = "error"
            times(&o, r.identifier, r.startDate, r.endDate)
            o["errorDescription"] = .string(r.errorDescription)
            o["errorDomain"] = .string(r.errorDomain)
            o["errorCode"] = .int(r.errorCode)
        case .measurement(let r):
            o["type"] = "measurement"
            times(&o, r.identifier, r.startDate, r.endDate)
            o["measurementType"] = .string(r.measurementType)
            o["summary"] = .array(r.summary.map { value in
                var v: [String: JSONValue] = ["identifier": .string(value.identifier), "value": value.value]
                if let unit = value.unit { v["unit"] = .string(unit) }
                return .object(v)
            })
            o["trials"] = .array(r.trials)
            if let note = r.note { o["note"] = .string(note) }
        }
        return .object(o)
    }

    /// Reads the JSON form; `path` names the place in the document for errors.
    public init(json: JSONValue, path: String = "$") throws(ResultFormatError) {
        let r = ResultReader(json: json, path: path)
        let id = try r.string("identifier")
        let start = try r.date("startDate")
        let end = try r.optionalDate("endDate")
        let skip = json["skipToIdentifier"]?.stringValue
        switch try r.string("type") {
        case "base":
            self = .base(BaseResult(identifier: id, startDate: start, endDate: end, skipToIdentifier: skip,
                                    skipReason: json["skipReason"]?.stringValue))
        case "answer":
            guard let t = json["answerType"].flatMap(AnswerType.init(json:)) else {
                throw ResultFormatError(path: path + ".answerType", reason: "missing or unknown answer type")
            }
            self = .answer(AnswerResult(identifier: id, startDate: start, endDate: end, answerType: t,
                value: json["value"] ?? .null, questionText: json["questionText"]?.stringValue, skipToIdentifier: skip))
        case "collection":
            let children = try r.results(json["children"] != nil ? "children" : "inputResults")
            self = .collection(CollectionResult(identifier: id, startDate: start, endDate: end, children: children,
                skipToIdentifier: skip))
        case "section", "task":
            self = .section(try BranchResult(json: json, path: path))
        case "file":
            self = .file(FileResult(identifier: id, startDate: start, endDate: end,
                relativePath: try r.string("relativePath"), contentType: json["contentType"]?.stringValue,
                startUptime: json["startUptime"]?.doubleValue))
        case "error":
            self = .error(ErrorResult(identifier: id, startDate: start, endDate: end,
                errorDescription: json["errorDescription"]?.stringValue ?? "",
                errorDomain: json["errorDomain"]?.stringValue ?? "", errorCode: json["errorCode"]?.intValue ?? 0))
        case "measurement":
            var summary: [MeasurementResult.Value] = []
            for (i, item) in (json["summary"]?.arrayValue ?? []).enumerated() {
                guard let name = item["identifier"]?.stringValue else {
                    throw ResultFormatError(path: "\(path).summary[\(i)].identifier", reason: "missing")
                }
                summary.append(MeasurementResult.Value(identifier: name, value: item["value"] ?? .null, unit: item["unit"]?.stringValue))
            }
            self = .measurement(MeasurementResult(identifier: id, startDate: start, endDate: end,
                measurementType: try r.string("measurementType"), summary: summary,
                trials: json["trials"]?.arrayValue ?? [], note: json["note"]?.stringValue))
        case let other:
            throw ResultFormatError(path: path + ".type", reason: "unknown result type \"\(other)\"")
        }
    }
}

extension BranchResult {
    /// The members shared by section and task results.
    var jsonMembers: [String: JSONValue] {
        var o: [String: JSONValue] = [
            "identifier": .string(identifier),
            "startDate": .string(ResultDate.string(from: startDate)),
            "stepHistory": .array(stepHistory.map(\.json)),
            "path": .array(path.map { ["identifier": .string($0.identifier.rawValue), "direction": .string($0.direction.rawValue)] }),
        ]
        if let endDate { o["endDate"] = .string(ResultDate.string(from: endDate)) }
        if !asyncResults.isEmpty { o["asyncResults"] = .array(asyncResults.map(\.json)) }
        return o
    }

    /// Reads a section or task result's members.
    init(json: JSONValue, path: String) throws(ResultFormatError) {
        let r = ResultReader(json: json, path: path)
        var markers: [PathMarker] = []
        for (i, m) in (json["path"]?.arrayValue ?? []).enumerated() {
            guard let id = m["identifier"]?.stringValue,
                let dir = PathMarker.Direction(rawValue: m["direction"]?.stringValue ?? "forward")
            else { throw ResultFormatError(path: "\(path).path[\(i)]", reason: "a path marker needs an identifier and a direction") }
            markers.append(PathMarker(identifier: StepID(id), direction: dir))
        }
        let history = try r.results("stepHistory")
        if json["path"] == nil {  // v2 results have no path: every history entry is on it
            markers = history.map { PathMarker(identifier: StepID($0.identifier), direction: .forward) }
        }
        self.init(identifier: try r.string("identifier"), startDate: try r.date("startDate"),
                  endDate: try r.optionalDate("endDate"), stepHistory: history,
                  asyncResults: json["asyncResults"] == nil ? [] : try r.results("asyncResults"), path: markers)
    }
}

extension TaskResult {
    /// The JSON form: a `"type": "task"` object.
    public var json: JSONValue {
        var o = root.jsonMembers
        o["type"] = "task"
        o["taskRunUUID"] = .string(taskRunUUID.uuidString)
        if let schemaIdentifier { o["schemaIdentifier"] = .string(schemaIdentifier) }
        if let versionString { o["versionString"] = .string(versionString) }
        if let finishReason { o["finishReason"] = .string(finishReason.rawValue) }
        if let outputDirectory { o["outputDirectory"] = .string(outputDirectory) }
        return .object(o)
    }

    /// Reads the JSON form.
    public init(json: JSONValue) throws(ResultFormatError) {
        guard let raw = json["taskRunUUID"]?.stringValue, let uuid = UUID(uuidString: raw) else {
            throw ResultFormatError(path: "$.taskRunUUID", reason: "missing or not a UUID")
        }
        self.init(root: try BranchResult(json: json, path: "$"), taskRunUUID: uuid,
                  schemaIdentifier: json["schemaIdentifier"]?.stringValue, versionString: json["versionString"]?.stringValue,
                  finishReason: json["finishReason"]?.stringValue.flatMap(FinishReason.init(rawValue:)),
                  outputDirectory: json["outputDirectory"]?.stringValue)
    }
}

/// Typed member access with paths for result documents.
private struct ResultReader {
    let json: JSONValue
    let path: String

    func string(_ key: String) throws(ResultFormatError) -> String {
        guard let s = json[key]?.stringValue else {
            throw ResultFormatError(path: "\(path).\(key)", reason: json[key] == nil ? "missing" : "expected a string")
        }
        return s
    }

    func date(_ key: String) throws(ResultFormatError) -> Date {
        let s = try string(key)
        guard let d = ResultDate.date(from: s) else { throw ResultFormatError(path: "\(path).\(key)", reason: "not a date: \"\(s)\"") }
        return d
    }

    func optionalDate(_ key: String) throws(ResultFormatError) -> Date? {
        json[key] == nil || json[key] == .null ? nil : try date(key)
    }

    func results(_ key: String) throws(ResultFormatError) -> [StepResult] {
        guard let items = json[key]?.arrayValue else {
            if json[key] == nil { return [] }
            throw ResultFormatError(path: "\(path).\(key)", reason: "expected an array")
        }
        var out: [StepResult] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { out.append(try StepResult(json: item, path: "\(path).\(key)[\(i)]")) }
        return out
    }
}
