import Foundation
import StudyCore

/// Reads FHIR Questionnaires (R4; STU3 and R5 adapted) alone or in a Bundle into StudyCore tasks.
public struct QuestionnaireImporter: TaskImporter {
    /// The language texts are shown in (from `translation` extensions and ValueSet designations).
    public var language: String?
    /// Extra ValueSet and CodeSystem resources for `answerValueSet`s that are not contained.
    public var resources: [JSONValue]
    /// Values to offer besides a choice item's own options, by linkId: the answers of a loaded
    /// response that the Questionnaire does not offer (see `QuestionnaireResponseReader.Reading.unlisted`).
    public var extraOptions: [String: [FHIRValue]] = [:]
    /// Launch context resources by name (`patient` → a Patient), for `initialExpression`s.
    public var launchContext: [String: JSONValue] = [:]

    /// Creates an importer. `resources` are ValueSets/CodeSystems to use offline.
    public init(language: String? = nil, resources: [JSONValue] = []) {
        self.language = language
        self.resources = resources
    }

    /// Creates an importer with ValueSet/CodeSystem files (or Bundles of them) read from disk.
    public init(language: String? = nil, resourceFiles: [URL]) throws(TaskLoadError) {
        var found: [JSONValue] = []
        for url in resourceFiles {
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw TaskLoadError(diagnostics: [Diagnostic(.error, file: url.path, path: "", message: "cannot read the file: \(error.localizedDescription)")])
            }
            do {
                let json = try JSONParser.parse(data)
                found += json["resourceType"]?.stringValue == "Bundle" ? Self.entries(json) : [json]
            } catch {
                throw TaskLoadError(diagnostics: [Diagnostic(.error, file: url.path, path: "", message: "not valid JSON: \(error)")])
            }
        }
        self.init(language: language, resources: found)
    }

    /// True for a Questionnaire, or a Bundle that holds one.
    public func accepts(_ json: JSONValue) -> Bool {
        switch json["resourceType"]?.stringValue {
        case "Questionnaire": return true
        case "Bundle": return Self.entries(json).contains { $0["resourceType"]?.stringValue == "Questionnaire" }
        default: return false
        }
    }

    /// Reads the Questionnaire into a task, with its conditions and its export (the
    /// QuestionnaireResponse of a run).
    public func importTask(from json: JSONValue, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
        let imported = try importQuestionnaire(from: json, file: file)
        return LoadedTaskFile(content: .task(imported.task), warnings: imported.warnings, conditions: imported.conditions,
                              export: QuestionnaireExport(importer: self, questionnaire: json, file: file, model: imported.model))
    }

    /// Reads the Questionnaire into a task, its model and its conditions.
    public func importQuestionnaire(from json: JSONValue, file: FileReference) throws(TaskLoadError) -> ImportedQuestionnaire {
        var log = DiagnosticLog(file: file.displayName)
        var extra = resources
        guard let questionnaire = unwrap(json, &extra, &log) else { throw TaskLoadError(diagnostics: log.diagnostics) }
        extra += localValueSets(questionnaire, file: file, known: extra, log: &log)
        let (model, modelLog) = QuestionnaireModel.read(questionnaire, file: file.displayName, language: language, resources: extra,
                                                        extraOptions: extraOptions)
        log.append(modelLog.diagnostics)
        guard var model, !log.hasErrors else { throw TaskLoadError(diagnostics: log.diagnostics) }
        model.json = Self.embed(extra, usedBy: model)
        model = InitialExpressionPopulator(context: launchContext, now: Date()).populate(model, log: &log)
        let engine = QuestionnaireEngine(model: model, file: file.displayName)
        log.append(engine.diagnostics)
        if log.hasErrors { throw TaskLoadError(diagnostics: log.diagnostics) }
        var builder = StepBuilder(log: log)
        // An item whose calculation cannot be evaluated is asked as a normal question, even when
        // the Questionnaire makes it read-only: a read-only item that computes nothing would show
        // a dash that no one could ever fill in.
        let steps = builder.steps(Self.withoutCalculations(model.items, engine.unevaluatedCalculations))
        log = builder.log
        guard !log.hasErrors else { throw TaskLoadError(diagnostics: log.diagnostics) }
        let task = TaskDefinition(
            identifier: model.id ?? model.name ?? model.url?.split(separator: "/").last.map(String.init) ?? "questionnaire",
            title: model.title ?? model.name, subtitle: Translation.member("description", of: model.json, language: language),
            schemaIdentifier: model.url, version: model.version, steps: StepList(steps: steps), format: .fhirQuestionnaire,
            sourceDocument: model.json)
        return ImportedQuestionnaire(task: task, model: model, conditions: QuestionnaireConditions(engine: engine), warnings: log.warnings)
    }

    /// `items` with the calculatedExpression of the items in `linkIds` removed, at every depth.
    static func withoutCalculations(_ items: [QuestionnaireItem], _ linkIds: Set<String>) -> [QuestionnaireItem] {
        guard !linkIds.isEmpty else { return items }
        return items.map { item in
            var copy = item
            if linkIds.contains(item.linkId) {
                copy.calculatedExpression = nil
                copy.readOnly = false
            }
            copy.children = withoutCalculations(item.children, linkIds)
            return copy
        }
    }

    /// The Questionnaire of a task imported by this importer (read again from `sourceDocument`).
    public func model(of task: TaskDefinition) -> QuestionnaireModel? {
        guard task.format == .fhirQuestionnaire, let json = task.sourceDocument else { return nil }
        return QuestionnaireModel.read(json, file: task.identifier, language: language).model
    }

    /// The resources of a Bundle.
    static func entries(_ bundle: JSONValue) -> [JSONValue] {
        (bundle["entry"]?.arrayValue ?? []).compactMap { $0["resource"] }
    }

    /// The Questionnaire itself, or the first one in a Bundle (other ValueSets/CodeSystems there are kept).
    private func unwrap(_ json: JSONValue, _ extra: inout [JSONValue], _ log: inout DiagnosticLog) -> JSONValue? {
        switch json["resourceType"]?.stringValue {
        case "Questionnaire": return json
        case "Bundle":
            let all = Self.entries(json)
            let qs = all.filter { $0["resourceType"]?.stringValue == "Questionnaire" }
            extra += all.filter { ["ValueSet", "CodeSystem"].contains($0["resourceType"]?.stringValue ?? "") }
            guard let first = qs.first else {
                log.error("entry", "the Bundle holds no Questionnaire")
                return nil
            }
            if qs.count > 1 { log.warning("entry", "the Bundle holds \(qs.count) Questionnaires; the first (\(first["id"]?.stringValue ?? "no id")) is used") }
            return first
        case let other:
            log.error("resourceType", "expected a Questionnaire or a Bundle, found \(other.map { "\"\($0)\"" } ?? "no resourceType")")
            return nil
        }
    }

    /// The ids of the ValueSets a Questionnaire's items refer to as `ValueSet/<id>` (in
    /// `answerValueSet` or STU3's `options`), sorted; they may be files beside it.
    public static func valueSetReferences(in questionnaire: JSONValue) -> [String] {
        var refs: Set<String> = []
        func walk(_ items: [JSONValue]) {
            for i in items {
                for key in ["answerValueSet", "options"] {
                    if let r = i[key]?.stringValue ?? i[key]?["reference"]?.stringValue, r.hasPrefix("ValueSet/") { refs.insert(String(r.dropFirst(9))) }
                }
                walk(i["item"]?.arrayValue ?? [])
            }
        }
        walk(questionnaire["item"]?.arrayValue ?? [])
        return refs.sorted()
    }

    /// The file beside `file` that holds the ValueSet `id` (`ValueSet-<id>.json` or `<id>.json`), if there is one.
    public static func valueSetFile(_ id: String, beside file: FileReference) -> URL? {
        file.resolve(resourceName: "ValueSet-" + id) ?? file.resolve(resourceName: id)
    }

    /// ValueSets referenced as `ValueSet/<id>` found next to the file (`ValueSet-<id>.json` or `<id>.json`).
    private func localValueSets(_ q: JSONValue, file: FileReference, known: [JSONValue], log: inout DiagnosticLog) -> [JSONValue] {
        var out: [JSONValue] = []
        for id in Self.valueSetReferences(in: q) {
            let ref = "ValueSet/" + id
            if known.contains(where: { $0["id"]?.stringValue == id && $0["resourceType"]?.stringValue == "ValueSet" }) { continue }
            guard let url = Self.valueSetFile(id, beside: file),
                let data = try? Data(contentsOf: url), let vs = try? JSONParser.parse(data),
                vs["resourceType"]?.stringValue == "ValueSet"
            else { continue }
            log.warning("", "\(ref) read from the local file \(url.lastPathComponent)")
            out.append(Self.withId(vs, id))
        }
        return out
    }

    /// A copy whose id is the one the Questionnaire refers to (the file may name it differently).
    private static func withId(_ vs: JSONValue, _ id: String) -> JSONValue {
        guard case .object(var o) = vs else { return vs }
        o["id"] = .string(id)
        return .object(o)
    }

    /// The Questionnaire with the external ValueSets it uses added to `contained`, so the task's
    /// `sourceDocument` reads the same way later without the extra files.
    static func embed(_ extra: [JSONValue], usedBy model: QuestionnaireModel) -> JSONValue {
        guard !extra.isEmpty, case .object(var o) = model.json else { return model.json }
        let used = Set(model.table.items.compactMap(\.answerValueSet))
        let resolver = ValueSetResolver(questionnaire: .object([:]), resources: extra)
        var contained = o["contained"]?.arrayValue ?? []
        for canonical in used.sorted() where !canonical.hasPrefix("#") {
            guard var vs = resolver.valueSet(canonical) else { continue }
            if canonical.hasPrefix("ValueSet/"), case .object(var v) = vs, v["url"] == nil {
                v["url"] = .string(canonical)
                vs = .object(v)
            }
            contained.append(vs)
        }
        for r in extra where r["resourceType"]?.stringValue == "CodeSystem" { contained.append(r) }
        o["contained"] = .array(contained)
        return .object(o)
    }
}

extension DiagnosticLog {
    /// Appends diagnostics found by another reader.
    mutating func append(_ more: [Diagnostic]) {
        for d in more {
            if d.severity == .error { error(d.path, d.message) } else { warning(d.path, d.message) }
        }
    }
}
