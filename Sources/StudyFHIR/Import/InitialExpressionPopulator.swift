import Foundation
import StudyCore

/// SDC population by expression: each item's `initialExpression` is evaluated once, with the
/// launch context (`%patient`, `%user`... as given with `--context`), `%questionnaire` and the
/// Questionnaire's variables, and its result becomes the item's initial value.
struct InitialExpressionPopulator {
    /// Resources by launch context name (`patient` → a Patient).
    let context: [String: JSONValue]
    /// The moment `today()` and `now()` report.
    let now: Date

    /// The model with initial values from its `initialExpression`s, and what could not be evaluated.
    func populate(_ model: QuestionnaireModel, log: inout DiagnosticLog) -> QuestionnaireModel {
        guard model.table.items.contains(where: { $0.initialExpression != nil }) else { return model }
        var env = FHIRPathEnvironment(now: now)
        env.set("questionnaire", json: model.json)
        for (name, resource) in context { env.set(name, json: resource) }
        for v in model.variables {
            guard let name = v.name, let e = try? FHIRPathParser.parse(v.expression) else { continue }
            env.variables[name] = (try? FHIRPathEvaluator(environment: env).evaluate(e, input: [])) ?? []
        }
        var m = model
        m.items = model.items.map { populated($0, env, &log) }
        return QuestionnaireModel(url: m.url, version: m.version, id: m.id, name: m.name, title: m.title, fhirVersion: m.fhirVersion,
                                  language: m.language, items: m.items, variables: m.variables, json: m.json)
    }

    private func populated(_ item: QuestionnaireItem, _ env: FHIRPathEnvironment, _ log: inout DiagnosticLog) -> QuestionnaireItem {
        var out = item
        out.children = item.children.map { populated($0, env, &log) }
        guard let text = item.initialExpression else { return out }
        let e: FHIRPathExpression
        do { e = try FHIRPathParser.parse(text) } catch {
            log.warning(item.path, "initialExpression is outside the supported FHIRPath subset (\(error.reason)); not evaluated: \(text)")
            return out
        }
        let missing = e.variableNames.filter { env.variables[$0] == nil && FHIRPathEnvironment.specificationURL($0) == nil }.sorted()
        if !missing.isEmpty {
            let names = missing.map { "%" + $0 }.joined(separator: ", ")
            let how = missing.map { "--context \($0)=FILE" }.joined(separator: " ")
            log.warning(item.path, "initialExpression uses \(names), which was not given (\(how)); the item starts empty: \(text)")
            return out
        }
        do {
            let result = try FHIRPathEvaluator(environment: env).evaluate(e, input: [])
            let values = result.compactMap { AnswerCoding.fhirValue($0.value.json, item: item) }
            if !values.isEmpty { out.initial = item.repeats ? values : [values[0]] }
        } catch {
            log.warning(item.path, "initialExpression failed (\(error.reason)); the item starts empty: \(text)")
        }
        return out
    }
}
