import Foundation

/// Checks an answer against its field and returns it normalised, or a message for the participant.
/// Used by the terminal screens (inline messages) and the headless runner alike.
public struct AnswerValidator: Sendable {
    /// "Now", for allowFuture / allowPast.
    public var now: Date
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// Validates a repeating group's `value` whose objects leave out the fields in `disabled` (one
    /// set per object, in order): those are neither required nor kept.
    public func validate(_ value: JSONValue, for field: InputField, disabledInEntries disabled: [Set<String>]) -> Result<JSONValue, ValidationMessage> {
        guard case .repeatingGroup(let o) = field.kind, value != .null, value != [] else { return validate(value, for: field) }
        return group(value, o, disabled: disabled)
    }

    /// Validates `value` (`.null` = no answer) for `field`.
    public func validate(_ value: JSONValue, for field: InputField) -> Result<JSONValue, ValidationMessage> {
        // An empty array is no answer, except in a check list, where it is "none of these".
        if value == .null || value == "" || (value == [] && !field.kind.isMultipleChoice) {
            return field.isOptional || field.isReadOnly ? .success(.null) : .failure(ValidationMessage("An answer is required."))
        }
        if field.repeats, case .repeatingGroup = field.kind {} else if field.repeats {
            guard case .array(let items) = value else { return single(value, field.kind) .map { .array([$0]) } }
            var out: [JSONValue] = []
            for item in items {
                switch single(item, field.kind) {
                case .success(let v): out.append(v)
                case .failure(let m): return .failure(m)
                }
            }
            return .success(.array(out))
        }
        return single(value, field.kind)
    }

    func single(_ value: JSONValue, _ kind: InputKind) -> Result<JSONValue, ValidationMessage> {
        switch kind {
        case .text(let o): return text(value, o)
        case .integer(let o): return o.units.count > 1 ? quantity(value, o, integer: true) : number(value, o, integer: true)
        case .decimal(let o): return o.units.count > 1 ? quantity(value, o, integer: false) : number(value, o, integer: false)
        case .year(let o): return year(value, o)
        case .date(let o): return date(value, o)
        case .duration(let o):
            guard let s = value.doubleValue, s >= 0, s.isFinite else { return .failure("Enter a duration in seconds.") }
            if let min = o.minimumSeconds, s < min { return .failure(ValidationMessage("Enter at least \(DurationFormat.text(min)).")) }
            if let max = o.maximumSeconds, s > max { return .failure(ValidationMessage("Enter at most \(DurationFormat.text(max)).")) }
            if s >= 9_223_372_036_854_775_808.0 { return .failure(ValidationMessage(Self.tooLarge(s))) }
            return .success(value)
        case .boolean:
            guard case .bool = value else { return .failure("Answer yes or no.") }
            return .success(value)
        case .choice(let o): return ChoiceValidation(options: o).validate(value)
        case .multipleComponent(let o): return components(value, o)
        case .measurement(let o):
            guard let v = value.doubleValue else { return .failure(ValidationMessage("Enter a number in \(o.unit).")) }
            if let b = o.bounds, !b.contains(v) {
                return .failure(ValidationMessage("Enter a value from \(JSONValue.format(b.lowerBound)) to \(JSONValue.format(b.upperBound)) \(o.unit)."))
            }
            return .success(value)
        case .postalCode:
            guard case .string(let s) = value else { return .failure("Enter a postal code.") }
            let t = s.trimmingCharacters(in: .whitespaces)
            guard t.count >= 3, t.count <= 10, t.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }) else {
                return .failure("Enter a postal code of 3 to 10 letters and digits.")
            }
            return .success(.string(String(t.prefix(3)).uppercased()))  // only a prefix is stored
        case .repeatingGroup(let o): return group(value, o)
        }
    }

    private func text(_ value: JSONValue, _ o: TextOptions) -> Result<JSONValue, ValidationMessage> {
        guard case .string(let s) = value else { return .failure("Enter text.") }
        if let max = o.maximumLength, s.count > max { return .failure(ValidationMessage("Use at most \(CountText.of(max, "character")).")) }
        if let min = o.minimumLength, s.count < min { return .failure(ValidationMessage("Use at least \(CountText.of(min, "character")).")) }
        if let pattern = o.pattern, let re = try? NSRegularExpression(pattern: "^(?:\(pattern))$") {
            let range = NSRange(s.startIndex..., in: s)
            if re.firstMatch(in: s, range: range) == nil {
                return .failure(ValidationMessage(o.invalidMessage ?? "This does not have the expected format."))
            }
        }
        return .success(value)
    }

    private func number(_ value: JSONValue, _ o: NumberOptions, integer: Bool) -> Result<JSONValue, ValidationMessage> {
        var v = value
        if case .string(let s) = value {
            let t = s.trimmingCharacters(in: .whitespaces)
            // Digits are read as an Int (exact over Int's whole range), anything else as a number.
            if integer, let i = Int(t) { v = .int(i) } else if let d = Double(t), d.isFinite { v = .double(d) }
        }
        guard let d = v.doubleValue, d.isFinite else { return .failure(integer ? "Enter a whole number." : "Enter a number.") }
        if integer, case .double = v { guard d.rounded() == d else { return .failure("Enter a whole number.") } }
        if let min = o.minimum, d < min { return .failure(ValidationMessage(o.minimumMessage ?? "Enter \(JSONValue.format(min)) or more.")) }
        if let max = o.maximum, d > max { return .failure(ValidationMessage(o.maximumMessage ?? "Enter \(JSONValue.format(max)) or less.")) }
        if integer, case .double = v {
            // One rule for typed, scripted and restored numbers. A whole number past Int's range
            // (2^63 and beyond, or below -2^63) cannot be stored; a number that reads as -2^63 only
            // as a Double came from digits past it (digits that Int holds are read as an Int). Past
            // 2^53, a number with a point or an exponent may have lost digits on the way.
            guard let i = d.exactInt, i != .min else { return .failure(ValidationMessage(Self.tooLarge(d))) }
            if abs(d) >= NumberOptions.exactWholeLimit { return .failure("Type it as digits only, without a point or an exponent.") }
            v = .int(i)
        }
        if !integer, let digits = o.maximumFractionDigits {
            let scaled = d * pow(10, Double(digits))
            if scaled.isFinite, abs(scaled - scaled.rounded()) > 1e-9 { return .failure(ValidationMessage("Use at most \(CountText.of(digits, "decimal place")).")) }
        }
        return .success(v)
    }

    /// The message for a whole number that an answer cannot hold.
    static func tooLarge(_ d: Double) -> String {
        d > 0 ? "That number is too large: enter \(Int.max) or less." : "That number is too small: enter \(Int.min) or more."
    }

    private func year(_ value: JSONValue, _ o: YearOptions) -> Result<JSONValue, ValidationMessage> {
        var v = value
        if case .string(let s) = value, let i = Int(s) { v = .int(i) }
        guard let y = v.intValue else { return .failure("Enter a year such as 1984.") }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = timeZone
        let thisYear = cal.component(.year, from: now)
        if !o.allowFuture, y > thisYear { return .failure("Enter this year or an earlier one.") }
        if !o.allowPast, y < thisYear { return .failure("Enter this year or a later one.") }
        if let min = o.minimumYear, y < min { return .failure(ValidationMessage("Enter \(min) or later.")) }
        if let max = o.maximumYear, y > max { return .failure(ValidationMessage("Enter \(max) or earlier.")) }
        return .success(.int(y))
    }

    private func date(_ value: JSONValue, _ o: DateOptions) -> Result<JSONValue, ValidationMessage> {
        let coding = DateCoding(format: o.codingFormat, timeZone: timeZone)
        let partial = value.stringValue.flatMap { s in o.partialFormats.lazy.compactMap { DateCoding(format: $0, timeZone: self.timeZone).date(from: s) }.first }
        guard case .string(let s) = value, let d = coding.date(from: s) ?? partial ?? Self.looseDate(s, o.component, timeZone) else {
            return .failure(ValidationMessage("Enter it as \(DateFormatHint.example(o.codingFormat))."))
        }
        // An answer already in the coding format (or a partial date) is kept as given, its zone included.
        let normalised = coding.date(from: s) != nil || partial != nil ? value : JSONValue.string(coding.string(from: d))
        if o.component != .time {
            let today = coding.string(from: now)
            let formatted = coding.string(from: d)
            if !o.allowFuture, d > now, formatted != today { return .failure("Enter today or an earlier date.") }
            if !o.allowPast, d < now, formatted != today { return .failure("Enter today or a later date.") }
        }
        if let min = o.minimum, d < min { return .failure(ValidationMessage("Enter \(coding.string(from: min)) or later.")) }
        if let max = o.maximum, d > max { return .failure(ValidationMessage("Enter \(coding.string(from: max)) or earlier.")) }
        return .success(normalised)
    }

    /// Local forms a participant types for a date-time or time whose coding format wants more
    /// (seconds, an offset): they are read in the local time zone and stored in the coding format.
    static func looseDate(_ s: String, _ component: DateOptions.Component, _ timeZone: TimeZone) -> Date? {
        let forms: [String]
        switch component {
        case .dateTime: forms = ["yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss"]
        case .time: forms = ["HH:mm", "HH:mm:ss"]
        case .date: forms = []
        }
        for f in forms { if let d = DateCoding(format: f, timeZone: timeZone).date(from: s) { return d } }
        return nil
    }

    private func components(_ value: JSONValue, _ o: MultipleComponentOptions) -> Result<JSONValue, ValidationMessage> {
        var parts: [JSONValue]
        if case .string(let s) = value, let sep = o.separator {
            parts = s.components(separatedBy: sep).map { .string($0) }
        } else if case .array(let a) = value { parts = a } else { return .failure("Choose one option in each column.") }
        guard parts.count == o.components.count else { return .failure(ValidationMessage(o.components.count == 1 ? "Choose an option." : "Choose one option in each of the \(o.components.count) columns.")) }
        for (p, column) in zip(parts, o.components) where !column.contains(where: { $0.value == p }) {
            return .failure(ValidationMessage("\(p.displayText) is not one of the options."))
        }
        if let sep = o.separator { return .success(.string(parts.map(\.displayText).joined(separator: sep))) }
        return .success(.array(parts))
    }

    private func group(_ value: JSONValue, _ o: RepeatingGroupOptions, disabled: [Set<String>] = []) -> Result<JSONValue, ValidationMessage> {
        guard case .array(let items) = value else { return .failure(ValidationMessage("Give a list of \(o.itemLabel) entries.")) }
        if items.count < o.minimumCount { return .failure(ValidationMessage("Add at least \(CountText.of(o.minimumCount, "entry", "entries")) for \(o.itemLabel).")) }
        if let max = o.maximumCount, items.count > max { return .failure(ValidationMessage("Add at most \(CountText.of(max, "entry", "entries")) for \(o.itemLabel).")) }
        var out: [JSONValue] = []
        for (n, item) in items.enumerated() {
            guard case .object(let members) = item else { return .failure(ValidationMessage("\(o.itemLabel) \(n + 1) must be an object.")) }
            var clean: [String: JSONValue] = [:]
            for f in o.fields where !(disabled.indices.contains(n) && disabled[n].contains(f.identifier)) {
                switch validate(members[f.identifier] ?? .null, for: f) {
                case .success(let v): if v != .null { clean[f.identifier] = v }
                case .failure(let m): return .failure(ValidationMessage("\(o.itemLabel) \(n + 1), \(f.prompt ?? f.identifier): \(m.text)"))
                }
            }
            out.append(.object(clean))
        }
        return .success(.array(out))
    }
}

/// A message shown to the participant next to a field.
public struct ValidationMessage: Error, Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var text: String
    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }
    public var description: String { text }
}
