/// Decodes choice lists: bare JSON values or `{value, text, detail, isExclusive|exclusive|selectorType}` objects
/// (`selectorType` default, exclusive, none or all).
struct SageChoiceDecoder {
    let baseType: ChoiceOptions.BaseType

    /// A required, non-empty choice list at `key`.
    func decodeChoices(_ node: JSONNode, key: String) -> [Choice]? {
        guard let items = node.array(key, required: true) else { return nil }
        if items.isEmpty {
            node.error("the choice list is empty; a choice question needs at least one option", at: key)
            return nil
        }
        return decodeList(items, owner: node.member(key) ?? node)
    }

    /// Decodes each element; nil when any is unusable.
    func decodeList(_ items: [JSONNode], owner: JSONNode) -> [Choice]? {
        if items.isEmpty { owner.error("the choice list is empty"); return nil }
        var out: [Choice] = []
        var seen = Set<JSONValue>()
        for item in items {
            guard let choice = decode(item) else { continue }
            if let v = choice.value, !seen.insert(v).inserted {
                item.error("duplicate choice value \(v.compactJSON)")
                continue
            }
            out.append(choice)
        }
        return out.count == items.count ? out : nil
    }

    private func decode(_ item: JSONNode) -> Choice? {
        switch item.value {
        case .object:
            let value = item.value["value"].flatMap { $0 == .null ? nil : $0 }
            if let value, !matchesBase(value) {
                item.error("choice value \(value.compactJSON) is a \(value.typeName) but the question takes \(baseType.rawValue) values", at: "value")
                return nil
            }
            guard let text = item.string("text") ?? value?.displayText else {
                item.error("a choice needs \"text\" or \"value\"")
                return nil
            }
            // AssessmentModel's selectorType: "exclusive" or "none" clears the other ticks, "all"
            // ticks every option.
            let selector = item.string("selectorType")
            let exclusive = item.bool("isExclusive") ?? item.bool("exclusive") ?? (selector == "exclusive" || selector == "none")
            return Choice(value: value, text: text, detail: item.string("detail"), isExclusive: exclusive, selectsAll: selector == "all")
        case .null, .array:
            item.error("a choice must be a value or an object, found \(item.value.typeName)")
            return nil
        default:
            guard matchesBase(item.value) else {
                item.error("choice \(item.value.compactJSON) is a \(item.value.typeName) but the question takes \(baseType.rawValue) values")
                return nil
            }
            return Choice(value: item.value, text: item.value.displayText)
        }
    }

    func matchesBase(_ v: JSONValue) -> Bool {
        switch (baseType, v) {
        case (.string, .string), (.boolean, .bool), (.integer, .int), (.decimal, .int), (.decimal, .double), (.object, .object): return true
        case (.integer, .double(let d)): return d.rounded() == d
        default: return false
        }
    }
}
