import StudyCore

/// Reads R4 item JSON into `QuestionnaireItem`s, reporting each problem with the item's path.
struct ItemReader {
    /// Problems found so far.
    var log: DiagnosticLog
    /// The language for translated texts.
    let language: String?
    /// Finds the options of answerValueSets.
    let resolver: ValueSetResolver
    /// Values to offer besides an item's own options (answers a loaded response gave), by linkId.
    var extraOptions: [String: [FHIRValue]] = [:]
    private var seenLinkIds: Set<String> = []
    private var syntheticCount = 0

    /// Starts a reader.
    init(log: DiagnosticLog, language: String?, resolver: ValueSetResolver) {
        self.log = log
        self.language = language
        self.resolver = resolver
    }

    /// Reads a list of sibling items below `parent` (the path of the parent, "" at the top).
    mutating func items(_ list: [JSONValue], parent: String) -> [QuestionnaireItem] {
        var out: [QuestionnaireItem] = []
        for (i, json) in list.enumerated() {
            guard json.objectValue != nil else {
                log.error(ItemPath.child(parent, linkId: nil, index: i), "an item must be a JSON object, found \(json.typeName)")
                continue
            }
            out.append(item(json, parent: parent, index: i))
        }
        return out
    }

    private mutating func item(_ json: JSONValue, parent: String, index: Int) -> QuestionnaireItem {
        let rawType = json["type"]?.stringValue
        let path0 = ItemPath.child(parent, linkId: json["linkId"]?.stringValue, index: index)
        let type = readType(rawType, json, path0)
        let linkId = readLinkId(json, type: type, path: path0)
        let path = ItemPath.child(parent, linkId: linkId, index: index)
        var item = QuestionnaireItem(linkId: linkId, path: path, type: type, rawType: rawType ?? "")
        item.raw = json
        item.text = Translation.member("text", of: json, language: language)
        item.prefix = Translation.member("prefix", of: json, language: language)
        item.required = flag("required", json, path)
        item.repeats = flag("repeats", json, path)
        item.readOnly = flag("readOnly", json, path)
        item.maxLength = json["maxLength"]?.intValue
        readEnableWhen(json, into: &item)
        ExtensionReader(path: path, language: language).read(json, into: &item, log: &log)
        readOptions(json, into: &item)
        offerExtraOptions(into: &item)
        readInitial(json, into: &item)
        let (children, help, instruction) = splitHelp(items(json["item"]?.arrayValue ?? [], parent: path))
        item.children = children
        if let help { item.help = [item.help, help].compactMap { $0 }.joined(separator: "\n") }
        if let instruction { item.instruction = [item.instruction, instruction].compactMap { $0 }.joined(separator: "\n") }
        checkShape(item)
        return item
    }

    private mutating func readType(_ raw: String?, _ json: JSONValue, _ path: String) -> ItemType? {
        guard let raw else {
            let guess: ItemType = json["item"] != nil ? .group : .display
            log.warning(path, "the item has no type; read as \(guess.rawValue)")
            return guess
        }
        guard let t = ItemType(rawValue: raw) else {
            log.warning(path, "item type \"\(raw)\" is not supported; the item is shown as unknown and not answered")
            return nil
        }
        return t
    }

    private mutating func readLinkId(_ json: JSONValue, type: ItemType?, path: String) -> String {
        if let id = json["linkId"]?.stringValue, !id.isEmpty {
            if !seenLinkIds.insert(id).inserted {
                log.error(path, "linkId \"\(id)\" is used by more than one item; answers could not be told apart")
            }
            return id
        }
        syntheticCount += 1
        var id = "_item\(syntheticCount)"
        while !seenLinkIds.insert(id).inserted { syntheticCount += 1; id = "_item\(syntheticCount)" }
        if type == .display {
            log.warning(path, "display item without linkId (invalid R4); named \"\(id)\"")
        } else {
            log.error(path, "item without linkId: its answers could not be reported")
        }
        return id
    }

    private mutating func flag(_ key: String, _ json: JSONValue, _ path: String) -> Bool {
        guard let v = json[key] else { return false }
        if let b = v.boolValue { return b }
        if let s = v.stringValue, s == "true" || s == "false" {
            log.warning(ItemPath.member(path, key), "\(key) is the string \"\(s)\", not a boolean; read as \(s)")
            return s == "true"
        }
        log.warning(ItemPath.member(path, key), "\(key) must be a boolean, found \(v.typeName); ignored")
        return false
    }

    private mutating func readEnableWhen(_ json: JSONValue, into item: inout QuestionnaireItem) {
        let list = json["enableWhen"]?.arrayValue ?? []
        for (i, ew) in list.enumerated() {
            let p = ItemPath.member(item.path, "enableWhen[\(i)]")
            guard let q = ew["question"]?.stringValue else { log.warning(p, "enableWhen without question; the condition never holds"); item.enableWhen.append(.never); continue }
            guard let raw = ew["operator"]?.stringValue, let op = EnableWhenOperator(rawValue: raw) else {
                log.warning(p, "unknown enableWhen operator \(ew["operator"]?.compactJSON ?? "(none)"); the condition never holds")
                item.enableWhen.append(.never)
                continue
            }
            switch FHIRValue.read(from: ew, prefix: "answer") {
            case .value(let v):
                if op == .exists, case .boolean = v {} else if op == .exists {
                    log.warning(p, "operator exists needs answerBoolean; the condition never holds")
                    item.enableWhen.append(.never)
                    continue
                }
                item.enableWhen.append(EnableWhenCondition(question: q, op: op, answer: v))
            case .absent:
                log.warning(p, "enableWhen without answer[x]; the condition never holds")
                item.enableWhen.append(.never)
            case .invalid(let why):
                log.warning(p, "\(why); the condition never holds")
                item.enableWhen.append(.never)
            }
        }
        switch json["enableBehavior"]?.stringValue {
        case "any": item.enableBehavior = .any
        case "all", nil:
            if list.count > 1, json["enableBehavior"] == nil {
                log.warning(ItemPath.member(item.path, "enableBehavior"), "several enableWhen need enableBehavior (R4); using all")
            }
        case let other?: log.warning(ItemPath.member(item.path, "enableBehavior"), "unknown enableBehavior \"\(other)\"; using all")
        }
    }

    private mutating func readOptions(_ json: JSONValue, into item: inout QuestionnaireItem) {
        for (i, opt) in (json["answerOption"]?.arrayValue ?? []).enumerated() {
            let p = ItemPath.member(item.path, "answerOption[\(i)]")
            switch FHIRValue.read(from: opt, prefix: "value") {
            case .value(let v): item.answerOptions.append(option(v, opt))
            case .absent: log.warning(p, "answerOption without value[x]; left out")
            case .invalid(let why): log.warning(p, "\(why); left out")
            }
        }
        guard let vs = json["answerValueSet"]?.stringValue else { return }
        item.answerValueSet = vs
        let p = ItemPath.member(item.path, "answerValueSet")
        if !item.answerOptions.isEmpty { log.warning(p, "answerOption and answerValueSet together (invalid R4); using answerOption") ; return }
        switch resolver.options(for: vs) {
        case .success(let opts):
            item.answerOptions = opts
            if opts.isEmpty { log.warning(p, "ValueSet \(vs) has no codes") }
        case .failure(.unavailable(let what)):
            item.valueSetUnavailable = true
            log.warning(p, "ValueSet \(what) is unavailable offline (not contained, not in the bundle, not built in, not supplied); "
                + "the item is asked as free text. Supply the ValueSet file to offer its codes")
        case .failure(.unsupported(let why)):
            item.valueSetUnavailable = true
            log.warning(p, "\(why); the item is asked as free text")
        }
    }

    /// Adds the values a loaded response gave that no option matches, so they are offered and kept.
    private func offerExtraOptions(into item: inout QuestionnaireItem) {
        for v in extraOptions[item.linkId] ?? [] {
            if let i = item.answerOptions.firstIndex(where: { FHIRValueComparison.equal($0.value, v) }) {
                item.answerOptions[i].value = v  // the same option as the response writes it
                continue
            }
            let note = item.valueSetUnavailable ? "from the loaded answers" : "from the loaded answers; not an option of this question"
            let shown: String
            if case .coding(let c) = v { shown = c.display ?? c.code ?? c.label } else { shown = v.displayText }
            item.answerOptions.append(AnswerOptionDefinition(value: v, label: "\(shown) (\(note))"))
        }
    }

    private func option(_ v: FHIRValue, _ opt: JSONValue) -> AnswerOptionDefinition {
        let label: String
        switch v {
        case .coding(let c):
            label = Translation.member("display", of: opt["valueCoding"], language: language) ?? c.display ?? c.code ?? "?"
        case .string:
            label = Translation.member("valueString", of: opt, language: language) ?? v.displayText
        default: label = v.displayText
        }
        let weight = ConceptWeight.of(opt) ?? opt["valueCoding"].flatMap(ConceptWeight.of)
        return AnswerOptionDefinition(
            value: v, label: label, initialSelected: opt["initialSelected"]?.boolValue ?? false,
            isExclusive: FHIRExtension.bool(FHIRExtension.optionExclusive, in: opt) ?? false,
            prefix: FHIRExtension.string(FHIRExtension.optionPrefix, in: opt)
                ?? opt["valueCoding"].flatMap { FHIRExtension.string(FHIRExtension.valueSetLabel, in: $0) },
            weight: weight)
    }

    private mutating func readInitial(_ json: JSONValue, into item: inout QuestionnaireItem) {
        for (i, ini) in (json["initial"]?.arrayValue ?? []).enumerated() {
            switch FHIRValue.read(from: ini, prefix: "value") {
            case .value(let v): item.initial.append(v)
            case .absent: break
            case .invalid(let why): log.warning(ItemPath.member(item.path, "initial[\(i)]"), "\(why); ignored")
            }
        }
        let selected = item.answerOptions.filter(\.initialSelected).map(\.value)
        if !selected.isEmpty {
            if !item.initial.isEmpty { log.warning(item.path, "initial and answerOption.initialSelected together (invalid R4); using initial") }
            else { item.initial = selected }
        }
        if item.initial.count > 1, !item.repeats {
            log.warning(ItemPath.member(item.path, "initial"), "several initial values on an item that does not repeat; using the first")
            item.initial = [item.initial[0]]
        }
    }

    /// Takes `help`/`flyover`/`instructions` display children out of the list.
    private func splitHelp(_ children: [QuestionnaireItem]) -> ([QuestionnaireItem], String?, String?) {
        var kept: [QuestionnaireItem] = [], help: [String] = [], instruction: [String] = []
        for c in children {
            let category = FHIRExtension.first(FHIRExtension.displayCategory, in: c.raw)?["valueCodeableConcept"]?["coding"]?
                .arrayValue?.first?["code"]?.stringValue
            if c.type == .display, c.enableWhen.isEmpty, c.enableWhenExpression == nil, let text = c.displayText {
                if c.itemControl == "help" || c.itemControl == "flyover" || category == "help" { help.append(text); continue }
                if category == "instructions" { instruction.append(text); continue }
            }
            kept.append(c)
        }
        return (kept, help.isEmpty ? nil : help.joined(separator: "\n"), instruction.isEmpty ? nil : instruction.joined(separator: "\n"))
    }

    private mutating func checkShape(_ item: QuestionnaireItem) {
        switch item.type {
        case .group?:
            if item.children.isEmpty { log.warning(item.path, "group without items (invalid R4); shown as a heading") }
        case .display?:
            if !item.children.isEmpty { log.warning(item.path, "display item with child items (invalid R4); the children are still asked") }
            if item.required || item.repeats { log.warning(item.path, "display item marked required or repeats (invalid R4); ignored") }
        case .choice?, .openChoice?:
            if item.answerOptions.isEmpty, item.answerValueSet == nil {
                log.warning(item.path, "\(item.rawType) item without answerOption or answerValueSet; asked as free text")
            }
        default: break
        }
    }
}

extension EnableWhenCondition {
    /// A condition that never holds (stands in for one that could not be read).
    static let never = EnableWhenCondition(question: "", op: .exists, answer: .boolean(true))
}
