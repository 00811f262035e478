import StudyCore

extension QuestionnaireEngine {
    /// The response being built (enabled items, calculated values included) as `%resource`.
    mutating func resource() -> JSONValue {
        if let r = resourceCache { return r }
        let enabled = self.enabled, calculated = self.calculated
        var writer = ResponseItemWriter(model: program.model, timeZone: .current,
                                        isEnabled: { enabled[$0] }, calculated: { calculated[$0] })
        var o: [String: JSONValue] = ["resourceType": "QuestionnaireResponse", "status": "in-progress"]
        if let c = program.model.canonical { o["questionnaire"] = .string(c) }
        o["item"] = .array(writer.items(program.model.items, scope: answers))
        let r = JSONValue.object(o)
        resourceCache = r
        return r
    }

    /// An evaluator whose variables are those visible at item `i` (nil: at the Questionnaire).
    mutating func evaluator(for i: Int?) -> FHIRPathEvaluator {
        let res = resource()
        var env = FHIRPathEnvironment(scores: program.scores, now: now)
        env.set("resource", json: res)
        env.set("questionnaire", json: program.model.json)
        env.set("context", json: res)
        if let cached = rootVariableCache {
            for (k, v) in cached { env.variables[k] = v }
        } else {
            var values: [String: [FHIRPathItem]] = [:]
            for v in program.rootVariables {
                let r = (try? FHIRPathEvaluator(environment: env).evaluate(v.expression, input: FHIRPathValue.from(res, linkId: nil))) ?? []
                env.variables[v.name] = r
                values[v.name] = r
            }
            rootVariableCache = values
        }
        guard let i else { return FHIRPathEvaluator(environment: env) }
        for k in ConditionProgram.ancestors(i, program.parent).reversed() + [i] {
            let scope = Self.responseItem(program.model.table.items[k].linkId, in: res)
            env.variables["context"] = scope.map { FHIRPathValue.from($0, linkId: nil) } ?? []
            for v in program.itemVariables[k] {
                env.variables[v.name] = (try? FHIRPathEvaluator(environment: env).evaluate(v.expression, input: env.variables["context"] ?? [])) ?? []
            }
        }
        return FHIRPathEvaluator(environment: env)
    }

    /// Evaluates an item's expression with `%context` as the input; errors are recorded and count as empty.
    mutating func evaluate(_ e: FHIRPathExpression, at i: Int) -> [FHIRPathItem] {
        let ev = evaluator(for: i)
        let linkId = program.model.table.items[i].linkId
        do {
            let r = try ev.evaluate(e, input: ev.environment.variables["context"] ?? [])
            evaluationErrors[linkId] = nil
            return r
        } catch {
            evaluationErrors[linkId] = error.reason
            return []
        }
    }

    /// The calculated StudyCore value of item `i` (nil when the expression gives nothing usable).
    mutating func calculate(_ e: FHIRPathExpression, at i: Int) -> JSONValue? {
        let item = program.model.table.items[i]
        let result = evaluate(e, at: i)
        let values = result.compactMap { AnswerCoding.fhirValue($0.value.json, item: item) }.map { Self.inItemUnit($0, item) }
        return AnswerCoding.coreAnswer(values, item: item)
    }

    /// The first response item with this linkId (depth-first, answers' children included).
    static func responseItem(_ linkId: String, in node: JSONValue) -> JSONValue? {
        for child in node["item"]?.arrayValue ?? [] {
            if child["linkId"]?.stringValue == linkId { return child }
            if let found = responseItem(linkId, in: child) { return found }
            for a in child["answer"]?.arrayValue ?? [] { if let found = responseItem(linkId, in: a) { return found } }
        }
        return nil
    }

    /// A calculated quantity in the unit of the item it names (`72 'kg'` → the item's kg unit, with
    /// its system and code); a quantity without a unit is in the item's first unit.
    static func inItemUnit(_ v: FHIRValue, _ item: QuestionnaireItem) -> FHIRValue {
        guard case .quantity(let q) = v, let first = item.units.first else { return v }
        if q.unit == nil, q.code == nil { return .quantity(Quantity(value: q.value, unitCoding: first)) }
        let named = q.code ?? q.unit
        guard let unit = item.units.first(where: { $0.code == named || $0.display == named }) else { return v }
        return .quantity(Quantity(value: q.value, unitCoding: unit))
    }
}
