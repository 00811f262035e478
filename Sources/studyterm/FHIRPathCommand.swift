import Foundation
import StudyTermKit
import StudyCore
import StudyFHIR
import TUIKit

/// `studyterm fhirpath EXPR [--input FILE] [--format text|json]`: evaluates a FHIRPath expression
/// against a resource, as `calculatedExpression` and `enableWhenExpression` are evaluated.
struct FHIRPathCommand: StudyTermCommand {
    static let spec = CommandSpec(
        path: ["fhirpath"],
        abstract: "Evaluate a FHIRPath expression against a FHIR resource.",
        discussion: """
            Evaluates EXPR with the resource in FILE as its input, %resource and %context (a \
            QuestionnaireResponse, a Questionnaire, a Patient...), with the evaluator StudyTerm uses for \
            calculatedExpression and enableWhenExpression. Prints the result collection as JSON, one item \
            a line ({} when it is empty); --format json prints {"expression", "result": [{"type", "value"}]}. \
            An expression outside the supported subset or malformed is reported with its position and \
            exits 1; a FILE that cannot be read exits 3.
            """,
        arguments: [("expression", "The FHIRPath expression (quote it for the shell).")],
        options: [
            .value("input", "The resource to evaluate against (JSON).", completes: .file),
            .value("format", "text or json.", choices: Format.allCases.map(\.rawValue)),
        ])

    /// Output formats.
    enum Format: String, CaseIterable { case text, json }

    let expression: String
    let input: String?
    let format: Format

    init(_ arguments: ParsedArguments) {
        expression = arguments.argument(0)
        input = arguments.value("input")
        format = arguments.value("format").flatMap(Format.init(rawValue:)) ?? .text
    }

    func run() throws {
        var environment = FHIRPathEnvironment()
        var focus: [FHIRPathItem] = []
        if let input {
            for w in TaskSource.strictJSONWarnings(input) { Console.err(w.description) }
            let resource = try TaskSource.readJSON(input, what: "input resource")
            for name in ["resource", "context", "rootResource"] { environment.set(name, json: resource) }
            focus = FHIRPathValue.from(resource, linkId: nil)
        }
        let result: [FHIRPathItem]
        do { result = try FHIRPathEvaluator(environment: environment).evaluate(expression, input: focus) } catch {
            try fail(error)
        }
        switch format {
        case .text:
            if result.isEmpty { Console.out("{}") }
            for item in result { Console.out(item.value.json.compactJSON) }
        case .json:
            let items: [JSONValue] = result.map { ["type": .string($0.value.typeName), "value": $0.value.json] }
            Console.out(JSONValue.object(["expression": .string(expression), "result": .array(items)]).prettyJSON)
        }
    }

    /// Reports an expression error with its position (a caret under the expression) and exits 1.
    private func fail(_ error: FHIRPathError) throws -> Never {
        if format == .json {
            var e: [String: JSONValue] = ["message": .string(error.reason)]
            if let p = error.position { e["position"] = .int(p + 1) }
            Console.out(JSONValue.object(["expression": .string(expression), "error": .object(e)]).prettyJSON)
        } else if let p = error.position, !expression.contains("\n"), expression.count <= 200 {
            Console.err("  " + Sanitizer.sanitizeLine(expression))
            Console.err("  " + String(repeating: " ", count: p) + "^")
        }
        let at = error.position.map { " at character \($0 + 1)" } ?? ""
        throw CLIError(message: "fhirpath: \(error.reason)\(at)", code: CLIError.Code.invalidFile)
    }
}
