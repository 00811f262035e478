import Foundation
import StudyCore
import StudyTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import StudyFHIR

/// The official FHIRPath test suite (`../shared/corpus/fhirpath/tests-fhir-r4.xml`, 937 tests in
/// groups) read and run through StudyFHIR's parser and evaluator.
enum FHIRPathSuite {
    /// One expected output item.
    struct Output: Sendable {
        var type: String
        var text: String
    }

    /// One test of the suite.
    struct Case: Sendable, CustomTestStringConvertible {
        var group: String
        var name: String
        var input: String?
        var expression: String
        var invalid: String?
        var mode: String?
        var predicate: Bool
        var ordered: Bool
        var outputs: [Output]
        var testDescription: String { "\(group)/\(name)" }
    }

    /// What running a case gave.
    enum Verdict: Equatable, Sendable {
        case passed
        case failed(String)
        /// The case needs something beyond the JSON (a FHIR type model, an XML-only input): the reason.
        case needsTypeModel(String)
    }

    static var folder: URL? { SharedCorpus.folder("fhirpath") }

    /// Every case of the suite, in file order (empty when the corpus is absent).
    static func cases() -> [Case] {
        guard let url = folder?.appendingPathComponent("tests-fhir-r4.xml"), let parser = XMLParser(contentsOf: url) else { return [] }
        let reader = SuiteReader()
        parser.delegate = reader
        _ = parser.parse()
        return reader.cases
    }

    /// The parsed JSON of an input file (`X.xml` names `X.json`); nil when only the XML form exists.
    static func input(_ name: String) -> JSONValue? {
        let json = (name as NSString).deletingPathExtension + ".json"
        guard let url = folder?.appendingPathComponent(json), let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONParser.parse(data)
    }

    /// Runs one case.
    static func run(_ c: Case, inputs: [String: JSONValue]) -> Verdict {
        if let name = c.input, inputs[name] == nil { return .needsTypeModel("its input \(name) exists only as XML") }
        if let reason = typeModelReason(c) { return .needsTypeModel(reason) }
        var environment = FHIRPathEnvironment(now: Date())
        var focus: [FHIRPathItem] = []
        if let name = c.input {
            guard let resource = inputs[name] else { return .needsTypeModel("its input \(name) exists only as XML") }
            for v in ["resource", "context", "rootResource"] { environment.set(v, json: resource) }
            focus = FHIRPathValue.from(resource, linkId: nil)
        }
        let result: [FHIRPathItem]
        do {
            result = try FHIRPathEvaluator(environment: environment).evaluate(c.expression, input: focus)
        } catch {
            return c.invalid != nil ? .passed : .failed("error: \(error.reason)")
        }
        if let invalid = c.invalid { return .failed("expected a \(invalid) error, got \(describe(result))") }
        var got = result
        if c.predicate { got = [FHIRPathItem(.boolean(!result.isEmpty))] }
        guard got.count == c.outputs.count else { return .failed("expected \(c.outputs.count) item(s), got \(describe(got))") }
        if c.ordered {
            for (item, expected) in zip(got, c.outputs) where !matches(item.value, expected) {
                return .failed("expected \(expected.type) \(expected.text), got \(describe(got))")
            }
        } else {
            var left = got
            for expected in c.outputs {
                guard let i = left.firstIndex(where: { matches($0.value, expected) }) else {
                    return .failed("expected \(expected.type) \(expected.text) among \(describe(got))")
                }
                left.remove(at: i)
            }
        }
        return .passed
    }

    /// Why a case cannot be run on the JSON alone, or nil.
    static func typeModelReason(_ c: Case) -> String? {
        if c.mode == "strict" { return "strict mode checks paths against the FHIR type model" }
        switch c.group {
        case "testInheritance": return "the FHIR type hierarchy (code is a string, Age is a Quantity)"
        case "testConformsTo": return "profiles (StructureDefinitions)"
        case "polymorphics": return "choice elements checked against the FHIR type model"
        default: break
        }
        let e = c.expression
        let startsWithPath = e.first.map { $0.isLetter && !e.hasPrefix("true") && !e.hasPrefix("false") } ?? false
        // type() of a resource is its resourceType; of an element inside it, a question for the type model.
        let resourceType = e.range(of: #"^[A-Z][A-Za-z]*(\.ofType\([^)]*\))?\.type\(\)"#, options: .regularExpression) != nil
        if startsWithPath, e.contains("type()"), !resourceType { return "the FHIR type of a JSON value (type())" }
        // The FHIR type of a JSON primitive (a code, a FHIR.boolean as opposed to a System.Boolean)
        // is not in the JSON: such tests need the type model.
        if startsWithPath, let re = try? NSRegularExpression(pattern: #"\b(is|as|ofType)\b\s*\(?\s*(FHIR\.|System\.)?`?([A-Za-z0-9]+)"#) {
            for m in re.matches(in: e, range: NSRange(e.startIndex..., in: e)) {
                guard let r = Range(m.range(at: 3), in: e) else { continue }
                let name = String(e[r])
                if name.first?.isLowercase == true || ["Boolean", "String", "Integer", "Decimal", "Date", "DateTime", "Time"].contains(name) {
                    return "the FHIR type of a JSON primitive (\(name))"
                }
            }
        }
        return nil
    }

    /// True when an evaluated value is the expected output. FHIR primitives are JSON strings without
    /// a type model, so a string matches an expected date, dateTime, time, code, id or uri of the same text.
    static func matches(_ v: FHIRPathValue, _ o: Output) -> Bool {
        let text = o.text.trimmingCharacters(in: .whitespaces)
        var type = o.type
        if type.isEmpty {  // an output without a type: read from its text
            if text == "true" || text == "false" { type = "boolean" }
            else if text.hasPrefix("@") { type = text.contains("T") ? "dateTime" : "date" }
            else if text.hasSuffix("'") { type = "Quantity" }
            else if Int(text) != nil, case .integer = v { type = "integer" }
            else if Double(text) != nil { type = "decimal" }
            else { type = "string" }
        }
        switch type {
        case "boolean": if case .boolean(let b) = v { return b == (text == "true") }
        case "integer": if case .integer(let i) = v { return Int(text) == i }
        case "decimal":
            if let d = v.number, let e = Double(text) { if case .quantity = v { return false }; return abs(d - e) < 1e-9 * max(1, abs(e)) }
        case "string", "code", "id", "uri", "url", "canonical", "markdown", "base64Binary", "oid", "uuid":
            if case .string(let s) = v { return s == text }
        case "date", "dateTime", "time", "instant":
            let bare = text.hasPrefix("@") ? String(text.dropFirst()) : text
            switch v {
            case .temporal(let s), .string(let s): return s == bare || "T" + s == bare
            default: return false
            }
        case "Quantity":
            guard case .quantity(let value, let unit) = v else { return false }
            let parts = text.split(separator: " ", maxSplits: 1)
            guard let n = parts.first.flatMap({ Double($0) }) else { return false }
            let u = parts.count > 1 ? String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "'")) : nil
            return abs(value - n) < 1e-9 * max(1, abs(n)) && (unit ?? "1") == (u ?? "1")
        default: return false
        }
        return false
    }

    static func describe(_ items: [FHIRPathItem]) -> String {
        items.isEmpty ? "{}" : "[" + items.map { "\($0.value.typeName) \($0.value.json.compactJSON)" }.joined(separator: ", ") + "]"
    }
}

/// Reads `<group>`, `<test>`, `<expression>` and `<output>` elements.
private final class SuiteReader: NSObject, XMLParserDelegate {
    var cases: [FHIRPathSuite.Case] = []
    private var group = ""
    private var current: FHIRPathSuite.Case?
    private var text = ""
    private var outputType: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        text = ""
        switch name {
        case "group": group = attributes["name"] ?? ""
        case "test":
            current = FHIRPathSuite.Case(group: group, name: attributes["name"] ?? "", input: attributes["inputfile"], expression: "",
                                         invalid: nil, mode: attributes["mode"], predicate: attributes["predicate"] == "true",
                                         ordered: attributes["ordered"] != "false", outputs: [])
        case "expression":
            current?.invalid = attributes["invalid"]
            if let m = attributes["mode"] { current?.mode = m }
        case "output": outputType = attributes["type"] ?? ""
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "expression": current?.expression = text
        case "output": current?.outputs.append(FHIRPathSuite.Output(type: outputType ?? "", text: text))
        case "test":
            if let c = current { cases.append(c) }
            current = nil
        default: break
        }
    }
}
