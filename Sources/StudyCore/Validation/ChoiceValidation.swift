/// Validates choice answers: known values, exclusive options, and "Other" free text.
struct ChoiceValidation {
    let options: ChoiceOptions

    func validate(_ value: JSONValue) -> Result<JSONValue, ValidationMessage> {
        if options.allowsMultiple {
            let items = value.arrayValue ?? [value]
            var out: [JSONValue] = []
            for item in items {
                switch one(item) {
                case .success(let v): out.append(v)
                case .failure(let m): return .failure(m)
                }
            }
            let exclusive = options.choices.filter { $0.isExclusive && $0.value != nil && out.contains($0.value!) }
            if let first = exclusive.first, out.count > 1 {
                return .failure(ValidationMessage("\"\(first.text)\" cannot be combined with other answers."))
            }
            return .success(.array(out))
        }
        if case .array(let a) = value {
            guard a.count == 1 else { return .failure("Choose one option.") }
            return one(a[0])
        }
        return one(value)
    }

    /// One selected value: a choice's value (numbers compared numerically), or Other text.
    func one(_ value: JSONValue) -> Result<JSONValue, ValidationMessage> {
        if let c = options.choices.first(where: { $0.value.map { RuleEvaluator.equal($0, value, 1e-9) } ?? false }) {
            return .success(c.value!)
        }
        if case .object(let o) = value, let code = o["code"],
            let c = options.choices.first(where: { $0.value?["code"] == code && (o["system"] == nil || $0.value?["system"] == o["system"]) }) {
            return .success(c.value!)
        }
        if options.baseType == .string || options.baseType == .object || options.other != nil,
            let c = options.choices.first(where: { $0.value?["code"] == value }) {
            return .success(c.value!)
        }
        if options.other != nil, case .string = value { return .success(value) }
        let list = options.choices.prefix(6).map { $0.value?["code"]?.displayText ?? $0.value?.displayText ?? $0.text }.joined(separator: ", ")
        let more = options.choices.count > 6 ? ", ..." : ""
        return .failure(ValidationMessage("\(value.displayText) is not one of the options (\(list)\(more))."))
    }
}
