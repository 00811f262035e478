import Foundation
import StudyCore

/// SDC Observation-based extraction: every answer of an item marked `observationExtract` (on the
/// item, or on the Questionnaire or a group around it) that has a `code` becomes an Observation
/// (code = the item's code, value = the answer, subject and author from the response,
/// `derivedFrom` = the response by its identifier, `effectiveDateTime` = `authored`).
public struct ObservationExtractor: Sendable {
    /// The SDC extension that marks items for extraction.
    public static let extensionURL = FHIRExtension.sdc + "observationExtract"
    /// The SDC extension that gives extracted Observations a category.
    public static let categoryURL = FHIRExtension.sdc + "observation-extract-category"

    /// The Questionnaire answered.
    public var model: QuestionnaireModel

    /// Creates an extractor.
    public init(model: QuestionnaireModel) { self.model = model }

    /// The Observations of a QuestionnaireResponse built for `model` (none when no item is marked).
    public func observations(from response: JSONValue) -> [JSONValue] {
        var out: [JSONValue] = []
        let marked = FHIRExtension.bool(Self.extensionURL, in: model.json) ?? false
        walk(response["item"]?.arrayValue ?? [], items: model.items, inherited: marked, response: response, into: &out)
        return out
    }

    private func walk(_ nodes: [JSONValue], items: [QuestionnaireItem], inherited: Bool, response: JSONValue, into out: inout [JSONValue]) {
        for node in nodes {
            guard let linkId = node["linkId"]?.stringValue, let item = items.first(where: { $0.linkId == linkId }) ?? model.item(linkId) else { continue }
            let marked = FHIRExtension.bool(Self.extensionURL, in: item.raw) ?? inherited
            let codes = item.raw["code"]?.arrayValue ?? []
            for answer in node["answer"]?.arrayValue ?? [] {
                if marked, !codes.isEmpty, let o = observation(answer, item: item, codes: codes, response: response) { out.append(o) }
                walk(answer["item"]?.arrayValue ?? [], items: item.children, inherited: marked, response: response, into: &out)
            }
            walk(node["item"]?.arrayValue ?? [], items: item.children, inherited: marked, response: response, into: &out)
        }
    }

    private func observation(_ answer: JSONValue, item: QuestionnaireItem, codes: [JSONValue], response: JSONValue) -> JSONValue? {
        guard case .value(let v) = FHIRValue.read(from: answer, prefix: "value"), let value = Self.value(v) else { return nil }
        var o: [String: JSONValue] = [
            "resourceType": "Observation", "status": "final",
            "code": ["coding": .array(codes)],
            value.key: value.payload,
        ]
        let categories = FHIRExtension.all(Self.categoryURL, in: item.raw).compactMap { $0["valueCodeableConcept"] }
        if !categories.isEmpty { o["category"] = .array(categories) }
        if let subject = response["subject"] { o["subject"] = subject }
        if let author = response["author"] { o["performer"] = [author] }
        if let authored = response["authored"] { o["effectiveDateTime"] = authored }
        if let identifier = response["identifier"] { o["derivedFrom"] = [["identifier": identifier, "type": "QuestionnaireResponse"]] }
        return .object(o)
    }

    /// The Observation `value[x]` for an answer (a Coding becomes a CodeableConcept, a decimal a Quantity).
    static func value(_ v: FHIRValue) -> (key: String, payload: JSONValue)? {
        switch v {
        case .coding(let c): return ("valueCodeableConcept", ["coding": [c.json]])
        case .decimal(let d): return ("valueQuantity", ["value": FHIRValue.number(d)])
        case .quantity(let q): return ("valueQuantity", q.json)
        case .boolean(let b): return ("valueBoolean", .bool(b))
        case .integer(let i): return ("valueInteger", .int(i))
        case .string(let s): return ("valueString", .string(s))
        case .date(let s), .dateTime(let s): return ("valueDateTime", .string(s))
        case .time(let s): return ("valueTime", .string(s))
        case .uri(let s): return ("valueString", .string(s))
        case .reference, .attachment: return nil
        }
    }
}
