import StudyCore

/// Finds the options of an `answerValueSet` offline: contained ValueSets, ValueSets in the same
/// Bundle, ValueSet/CodeSystem resources supplied by the caller, or the value sets of the FHIR
/// specification built in (`BuiltInValueSets`). Nothing is fetched.
public struct ValueSetResolver: Sendable {
    /// Why a ValueSet gave no options.
    public enum Problem: Error, Sendable, Equatable {
        /// Not contained and not supplied; it would have to be fetched.
        case unavailable(String)
        /// Found, but uses something this reader cannot expand (filters, whole systems not supplied).
        case unsupported(String)
    }

    private var byId: [String: JSONValue] = [:]
    private var containedById: [String: JSONValue] = [:]
    private var byURL: [String: JSONValue] = [:]
    private var codeSystems: [String: JSONValue] = [:]
    /// The language for labels (designations and translations).
    public var language: String?

    /// Indexes the Questionnaire's contained resources and the extra resources (ValueSets, CodeSystems).
    public init(questionnaire: JSONValue, resources: [JSONValue] = [], language: String? = nil) {
        self.language = language
        for r in resources { add(r, contained: false) }
        for r in questionnaire["contained"]?.arrayValue ?? [] { add(r, contained: true) }
    }

    private mutating func add(_ r: JSONValue, contained: Bool) {
        let url = r["url"]?.stringValue
        switch r["resourceType"]?.stringValue {
        case "ValueSet":
            if let id = r["id"]?.stringValue {
                if contained { containedById[id] = r } else { byId[id] = r }
            }
            if let url { byURL[url] = r }
        case "CodeSystem":
            if let url { codeSystems[url] = r }
        default: break
        }
    }

    /// The ValueSet resource a canonical names: `#id` (contained), `url[|version]`, or `ValueSet/id`;
    /// last, the expansion built in for a value set of the FHIR specification (`BuiltInValueSets`).
    public func valueSet(_ canonical: String) -> JSONValue? {
        if canonical.hasPrefix("#") { return containedById[String(canonical.dropFirst())] }
        let url = String(canonical.split(separator: "|", maxSplits: 1).first ?? Substring(canonical))
        if let vs = byURL[url] { return vs }
        if url.hasPrefix("ValueSet/") { return byId[String(url.dropFirst(9))] ?? containedById[String(url.dropFirst(9))] }
        return BuiltInValueSets.resources.first { $0["url"]?.stringValue == url }
    }

    /// The options of a ValueSet, from its expansion or its compose.
    public func options(for canonical: String) -> Swift.Result<[AnswerOptionDefinition], Problem> {
        var visiting: Set<String> = []
        return expand(canonical, &visiting)
    }

    private func expand(_ canonical: String, _ visiting: inout Set<String>) -> Swift.Result<[AnswerOptionDefinition], Problem> {
        guard let vs = valueSet(canonical) else { return .failure(.unavailable(canonical)) }
        guard visiting.insert(canonical).inserted else { return .failure(.unsupported("ValueSet \(canonical) includes itself")) }
        if let contains = vs["expansion"]?["contains"]?.arrayValue {
            return .success(flatten(contains))
        }
        guard let compose = vs["compose"] else { return .failure(.unsupported("ValueSet \(canonical) has neither expansion nor compose")) }
        var out: [AnswerOptionDefinition] = []
        for include in compose["include"]?.arrayValue ?? [] {
            switch expandInclude(include, &visiting) {
            case .success(let opts): out.append(contentsOf: opts)
            case .failure(let p): return .failure(p)
            }
        }
        for exclude in compose["exclude"]?.arrayValue ?? [] {
            let system = exclude["system"]?.stringValue
            let codes = Set((exclude["concept"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue })
            out.removeAll { opt in
                guard case .coding(let c) = opt.value, let code = c.code else { return false }
                return codes.contains(code) && (system == nil || c.system == system)
            }
        }
        return .success(out)
    }

    private func expandInclude(_ include: JSONValue, _ visiting: inout Set<String>) -> Swift.Result<[AnswerOptionDefinition], Problem> {
        if include["filter"] != nil { return .failure(.unsupported("compose.include.filter needs a terminology server")) }
        var out: [AnswerOptionDefinition] = []
        for imported in include["valueSet"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            switch expand(imported, &visiting) {
            case .success(let opts): out.append(contentsOf: opts)
            case .failure(let p): return .failure(p)
            }
        }
        let system = include["system"]?.stringValue
        if let concepts = include["concept"]?.arrayValue {
            let source = system.flatMap { codeSystems[$0] }
            out.append(contentsOf: concepts.compactMap { option(from: $0, system: system, codeSystem: source) })
        } else if let system {
            guard let cs = codeSystems[system] else {
                return .failure(.unavailable("all codes of the system \(system) (supply its CodeSystem)"))
            }
            out.append(contentsOf: allConcepts(cs["concept"]?.arrayValue ?? []).compactMap {
                option(from: $0, system: system, codeSystem: cs)
            })
        }
        return .success(out)
    }

    private func flatten(_ contains: [JSONValue]) -> [AnswerOptionDefinition] {
        contains.flatMap { c -> [AnswerOptionDefinition] in
            let own = c["abstract"]?.boolValue == true ? nil : option(from: c, system: c["system"]?.stringValue, codeSystem: nil)
            return (own.map { [$0] } ?? []) + flatten(c["contains"]?.arrayValue ?? [])
        }
    }

    private func allConcepts(_ concepts: [JSONValue]) -> [JSONValue] {
        concepts.flatMap { [$0] + allConcepts($0["concept"]?.arrayValue ?? []) }
    }

    /// One option from a concept (compose.include.concept, expansion.contains or CodeSystem.concept).
    private func option(from concept: JSONValue, system: String?, codeSystem: JSONValue?) -> AnswerOptionDefinition? {
        guard let code = concept["code"]?.stringValue else { return nil }
        let definition = codeSystem.flatMap { cs in allConcepts(cs["concept"]?.arrayValue ?? []).first { $0["code"]?.stringValue == code } }
        let display = concept["display"]?.stringValue ?? definition?["display"]?.stringValue
        let label = designation(concept) ?? Translation.member("display", of: concept, language: language) ?? display ?? code
        let weight = ConceptWeight.of(concept) ?? definition.flatMap(ConceptWeight.of)
        return AnswerOptionDefinition(
            value: .coding(Coding(system: system, code: code, display: display)), label: label,
            prefix: FHIRExtension.string(FHIRExtension.valueSetLabel, in: concept), weight: weight)
    }

    private func designation(_ concept: JSONValue) -> String? {
        guard let language = language?.lowercased() else { return nil }
        let ds = concept["designation"]?.arrayValue ?? []
        let exact = ds.first { $0["language"]?.stringValue?.lowercased() == language }
        let primary = language.split(separator: "-").first.map(String.init) ?? language
        let near = ds.first { ($0["language"]?.stringValue?.lowercased() ?? "").hasPrefix(primary) }
        return (exact ?? near)?["value"]?.stringValue
    }
}
