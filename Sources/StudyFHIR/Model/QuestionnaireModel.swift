import StudyCore

/// A Questionnaire read into StudyFHIR's model: metadata, the item tree and a flat index.
public struct QuestionnaireModel: Sendable {
    /// The canonical URL.
    public var url: String?
    /// The business version.
    public var version: String?
    /// The resource id.
    public var id: String?
    /// The computer-friendly name.
    public var name: String?
    /// The title (translated when a language was chosen).
    public var title: String?
    /// The release the file was written for (STU3 and R5 are adapted to R4).
    public var fhirVersion: FHIRVersion
    /// The language texts were chosen in (nil: the file's own).
    public var language: String?
    /// The top-level items.
    public var items: [QuestionnaireItem]
    /// Questionnaire-level `variable` extensions.
    public var variables: [NamedExpression]
    /// The Questionnaire JSON in R4 form (`%questionnaire` for expressions).
    public var json: JSONValue
    /// Every item in document order with parent links.
    public let table: ItemTable

    /// Creates a model from already-read parts.
    public init(url: String?, version: String?, id: String?, name: String?, title: String?, fhirVersion: FHIRVersion,
                language: String?, items: [QuestionnaireItem], variables: [NamedExpression], json: JSONValue) {
        self.url = url
        self.version = version
        self.id = id
        self.name = name
        self.title = title
        self.fhirVersion = fhirVersion
        self.language = language
        self.items = items
        self.variables = variables
        self.json = json
        self.table = ItemTable(items: items)
    }

    /// `url|version` (or `url`) for `QuestionnaireResponse.questionnaire`; `Questionnaire/<id>` without a url.
    public var canonical: String? {
        if let url { return version.map { url + "|" + $0 } ?? url }
        return id.map { "Questionnaire/" + $0 }
    }

    /// The item with this linkId.
    public func item(_ linkId: String) -> QuestionnaireItem? { table.index[linkId].map { table.items[$0] } }

    /// Reads a Questionnaire resource (STU3 and R5 shapes are adapted). `resources` are extra
    /// ValueSets and CodeSystems; `language` picks translations; `extraOptions` are values to offer
    /// besides a choice item's own options (answers a loaded response gave), by linkId.
    public static func read(_ json: JSONValue, file: String, language: String? = nil, resources: [JSONValue] = [],
                            extraOptions: [String: [FHIRValue]] = [:]) -> (model: QuestionnaireModel?, log: DiagnosticLog) {
        var log = DiagnosticLog(file: file)
        guard json["resourceType"]?.stringValue == "Questionnaire" else {
            log.error("resourceType", "expected a Questionnaire, found \(json["resourceType"]?.compactJSON ?? "no resourceType")")
            return (nil, log)
        }
        if json["group"] != nil || json["item"] == nil && json["question"] != nil {
            log.error("group", "this is a DSTU2 Questionnaire (group/question); only STU3, R4 and R5 are read")
            return (nil, log)
        }
        let (version, evidence) = FHIRVersion.detect(questionnaire: json)
        if let evidence { log.warning("", "read as \(version.rawValue) (found \(evidence)) and adapted to R4") }
        let (r4, adaptedLog) = VersionAdapter.adapt(json, version: version, log: log)
        log = adaptedLog
        if r4["status"] == nil { log.warning("status", "Questionnaire.status is missing (required in R4)") }
        let resolver = ValueSetResolver(questionnaire: r4, resources: resources, language: language)
        var reader = ItemReader(log: log, language: language, resolver: resolver)
        reader.extraOptions = extraOptions
        let items = reader.items(r4["item"]?.arrayValue ?? [], parent: "")
        log = reader.log
        if items.isEmpty { log.error("item", "the Questionnaire has no items") }
        let variables = ExtensionReader.variables(r4, path: "", log: &log)
        let model = QuestionnaireModel(
            url: r4["url"]?.stringValue, version: r4["version"]?.stringValue, id: r4["id"]?.stringValue,
            name: r4["name"]?.stringValue, title: Translation.member("title", of: r4, language: language),
            fhirVersion: version, language: language, items: items, variables: variables, json: r4)
        model.checkReferences(&log)
        return (model, log)
    }

    /// Reports enableWhen conditions that name unknown items or items that cannot have answers.
    private func checkReferences(_ log: inout DiagnosticLog) {
        for item in table.items {
            for (i, c) in item.enableWhen.enumerated() where !c.question.isEmpty {
                let p = ItemPath.member(item.path, "enableWhen[\(i)]")
                guard let target = self.item(c.question) else {
                    log.warning(p, "enableWhen refers to \"\(c.question)\", which is not an item; it has no answers")
                    continue
                }
                if !target.isQuestion { log.warning(p, "enableWhen refers to the \(target.rawType) item \"\(c.question)\", which has no answers") }
            }
        }
    }
}
