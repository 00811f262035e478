import Foundation
import StudyCore

/// Evaluates parsed FHIRPath expressions over JSON (collections in, collections out).
public struct FHIRPathEvaluator: Sendable {
    /// Variables, scores and the clock.
    public var environment: FHIRPathEnvironment

    /// Creates an evaluator.
    public init(environment: FHIRPathEnvironment) { self.environment = environment }

    /// Evaluates `expression` with `input` as the focus (`%context` is usually the same).
    public func evaluate(_ expression: FHIRPathExpression, input: [FHIRPathItem]) throws(FHIRPathError) -> [FHIRPathItem] {
        try eval(expression, Focus(items: input, this: nil, index: nil))
    }

    /// Parses and evaluates text (for tests and one-off use).
    public func evaluate(_ text: String, input: [FHIRPathItem]) throws(FHIRPathError) -> [FHIRPathItem] {
        let e = try FHIRPathParser.parse(text)
        do { return try evaluate(e, input: input) } catch { throw FHIRPathError(expression: text, reason: error.reason) }
    }

    /// The focus of evaluation: the input collection plus `$this`/`$index` inside iterating functions.
    struct Focus {
        var items: [FHIRPathItem]
        var this: FHIRPathItem?
        var index: Int?
    }

    /// A runtime error (the caller adds the expression text).
    func fail(_ reason: String) -> FHIRPathError { FHIRPathError(expression: "", reason: reason) }

    /// Evaluates a node against a focus.
    func eval(_ e: FHIRPathExpression, _ f: Focus) throws(FHIRPathError) -> [FHIRPathItem] {
        switch e {
        case .literal(let v):
            if case .temporal(let t) = v, FHIRPathTemporal(t) == nil { throw fail("@\(t) is not a valid date, dateTime or time") }
            return [FHIRPathItem(v)]
        case .empty: return []
        case .variable(let name):
            if let v = environment.variables[name] { return v }
            if let url = FHIRPathEnvironment.specificationURL(name) { return [FHIRPathItem(.string(url))] }
            throw fail("the variable %\(name) is not defined")
        case .this: return f.this.map { [$0] } ?? f.items
        case .index: return f.index.map { [FHIRPathItem(.integer($0))] } ?? []
        case .member(let base, let name):
            let input = try base.map { b throws(FHIRPathError) in try eval(b, f) } ?? (f.this.map { [$0] } ?? f.items)
            return input.flatMap { member(name, of: $0) }
        case .function(let base, let name, let args):
            let input = try base.map { b throws(FHIRPathError) in try eval(b, f) } ?? (f.this.map { [$0] } ?? f.items)
            if name == "iif", base != nil {
                guard input.count <= 1 else { throw fail("iif() needs a single input item, found \(input.count)") }
                return try call(name, input: input, args: args, outer: Focus(items: input, this: input.first, index: nil))
            }
            return try call(name, input: input, args: args, outer: f)
        case .indexer(let base, let idx):
            let items = try eval(base, f)
            guard let n = try singleNumber(try eval(idx, f)), let i = Self.int(n), i >= 0, i < items.count else { return [] }
            return [items[i]]
        case .negate(let a):
            var out: [FHIRPathItem] = []
            for item in try eval(a, f) {
                switch item.value {
                case .integer(let i):
                    let (n, overflow) = (0).subtractingReportingOverflow(i)
                    if overflow { return [] }  // -Int.min: integer overflow gives the empty collection
                    out.append(FHIRPathItem(.integer(n)))
                case .decimal(let d): out.append(FHIRPathItem(.decimal(-d)))
                case .quantity(let v, let u): out.append(FHIRPathItem(.quantity(value: -v, unit: u)))
                default: throw fail("cannot negate a non-number")
                }
            }
            return out
        case .binary(let op, let l, let r): return try binary(op, l, r, f)
        }
    }

    /// Children named `name` of a JSON node (choice types: `value` finds `valueCoding`, ...).
    func member(_ name: String, of item: FHIRPathItem) -> [FHIRPathItem] {
        guard case .node(let o) = item.value else {
            if case .quantity(let v, let u) = item.value {
                if name == "value" { return [FHIRPathItem(.decimal(v), linkId: item.linkId)] }
                if name == "unit" || name == "code" { return u.map { [FHIRPathItem(.string($0), linkId: item.linkId)] } ?? [] }
            }
            return []
        }
        if let v = o[name] {
            var items = FHIRPathValue.from(v, linkId: item.linkId)
            if let extra = o["_" + name] {  // a primitive's id and extensions, index by index for arrays
                let list = extra.arrayValue ?? [extra]
                for i in items.indices where i < list.count && list[i] != .null { items[i].primitiveElement = list[i] }
            }
            return items
        }
        if o["resourceType"]?.stringValue == name { return [item] }
        if o[name] == nil, let extra = o["_" + name] {  // a primitive with extensions but no value
            return (extra.arrayValue ?? [extra]).map { FHIRPathItem(.node($0.objectValue ?? [:]), linkId: item.linkId) }
        }
        var out: [FHIRPathItem] = []
        for (k, v) in o where k.count > name.count && k.hasPrefix(name) && k.dropFirst(name.count).first!.isUppercase {
            for var found in FHIRPathValue.from(v, linkId: item.linkId) {
                found.choiceType = String(k.dropFirst(name.count))
                out.append(found)
            }
        }
        return out
    }
}

extension FHIRPathEvaluator {
    /// A collection in a Boolean context: empty → nil; one Boolean → it; one other item → true.
    func truth(_ items: [FHIRPathItem]) throws(FHIRPathError) -> Bool? {
        guard let first = items.first else { return nil }
        guard items.count == 1 else { throw fail("expected a single Boolean, found \(items.count) items") }
        if case .boolean(let b) = first.value { return b }
        return true
    }

    /// One number, or nil for the empty collection.
    func singleNumber(_ items: [FHIRPathItem]) throws(FHIRPathError) -> Double? {
        guard let first = items.first else { return nil }
        guard items.count == 1 else { throw fail("expected a single number, found \(items.count) items") }
        guard let n = first.value.number else { throw fail("expected a number, found \(first.value.stringForm ?? "an object")") }
        return n
    }

    /// One item, or nil for the empty collection.
    func single(_ items: [FHIRPathItem], _ what: String) throws(FHIRPathError) -> FHIRPathValue? {
        guard let first = items.first else { return nil }
        guard items.count == 1 else { throw fail("\(what) needs a single item, found \(items.count)") }
        return first.value
    }

    /// A Boolean as a collection (nil: empty).
    func bool(_ b: Bool?) -> [FHIRPathItem] { b.map { [FHIRPathItem(.boolean($0))] } ?? [] }

    /// FHIRPath `=` on two single values; nil when equality is not known (temporals of different
    /// precision, quantities of units that do not convert).
    func equal(_ a: FHIRPathValue, _ b: FHIRPathValue) -> Bool? {
        if let (x, y) = Self.temporals(a, b) { return FHIRPathTemporal.compare(x, y).map { $0 == .orderedSame } }
        if let (p, q) = Self.quantities(a, b) { return equal(p, q) }
        switch (a, b) {
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.node(let x), .node(let y)): return x == y
        case (.quantity(let x, let u), .quantity(let y, let v)):
            if u == v || u == nil || v == nil { return Self.same(x, y) }
            guard let p = FHIRPathUnits.base(x, u), let q = FHIRPathUnits.base(y, v), p.dimension == q.dimension else { return nil }
            return Self.same(p.value, q.value)
        case (.quantity, _), (_, .quantity): break
        default: break
        }
        if case .node = a { return false }
        if case .node = b { return false }
        if let x = a.number, let y = b.number { return Self.same(x, y) }
        if let x = a.text, let y = b.text { return x == y }
        return false
    }

    /// A Quantity object of a resource (`{"value", "code"}`) against a quantity, as two quantities.
    static func quantities(_ a: FHIRPathValue, _ b: FHIRPathValue) -> (FHIRPathValue, FHIRPathValue)? {
        func lift(_ v: FHIRPathValue) -> FHIRPathValue? {
            guard case .node(let o) = v, let n = o["value"]?.doubleValue, o["code"] != nil || o["unit"] != nil else { return nil }
            return .quantity(value: n, unit: o["code"]?.stringValue ?? o["unit"]?.stringValue)
        }
        switch (a, b) {
        case (.node, .quantity): return lift(a).map { ($0, b) }
        case (.quantity, .node): return lift(b).map { (a, $0) }
        default: return nil
        }
    }

    /// Two decimals equal up to the rounding error of binary arithmetic (`1.8 - 1.2 = 0.6`).
    static func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-12 * max(1, abs(x), abs(y)) }

    /// Both values as temporals: two temporal literals, or a literal and a JSON string of the same shape.
    static func temporals(_ a: FHIRPathValue, _ b: FHIRPathValue) -> (FHIRPathTemporal, FHIRPathTemporal)? {
        switch (a, b) {
        case (.temporal(let x), .temporal(let y)):
            guard let p = FHIRPathTemporal(x), let q = FHIRPathTemporal(y) else { return nil }
            return (p, q)
        case (.temporal(let x), .string(let y)):
            guard let p = FHIRPathTemporal(x), let q = FHIRPathTemporal(y, asTime: p.kind == .time) else { return nil }
            return (p, q)
        case (.string(let x), .temporal(let y)):
            guard let q = FHIRPathTemporal(y), let p = FHIRPathTemporal(x, asTime: q.kind == .time) else { return nil }
            return (p, q)
        default: return nil
        }
    }

    private func equivalent(_ a: FHIRPathValue, _ b: FHIRPathValue) -> Bool {
        if let (x, y) = Self.temporals(a, b) {
            return x.precision == y.precision && FHIRPathTemporal.compare(x, y) == .orderedSame
        }
        if let x = a.text, let y = b.text {
            let norm = { (s: String) in s.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            return norm(x) == norm(y)
        }
        if let (p, q) = Self.quantities(a, b) { return equivalent(p, q) }
        if case .quantity(let x, let u) = a, case .quantity(let y, let v) = b {  // in the first's unit, to the less precise
            if u == v || u == nil || v == nil { return equivalent(.decimal(x), .decimal(y)) }
            guard let z = FHIRPathUnits.convert(y, from: v, to: u ?? "1") else { return false }
            return equivalent(.decimal(x), .decimal(z))
        }
        if let x = a.number, let y = b.number {  // rounded to the precision of the less precise
            let digits = min(Self.decimals(x), Self.decimals(y))
            let scale = pow(10.0, Double(digits))
            return Self.same((x * scale).rounded() / scale, (y * scale).rounded() / scale)
        }
        return equal(a, b) ?? false
    }

    /// The digits after the point in the shortest text of a double (`0.67` → 2).
    static func decimals(_ d: Double) -> Int {
        let s = "\(d)"
        guard !s.contains("e"), let dot = s.firstIndex(of: ".") else { return 0 }
        let fraction = s[s.index(after: dot)...]
        return fraction == "0" ? 0 : fraction.count
    }

    private func collectionsEqual(_ l: [FHIRPathItem], _ r: [FHIRPathItem]) -> Bool? {
        if l.isEmpty || r.isEmpty { return nil }
        guard l.count == r.count else { return false }
        var unknown = false
        for (x, y) in zip(l, r) {
            switch equal(x.value, y.value) {
            case false?: return false
            case nil: unknown = true
            default: break
            }
        }
        return unknown ? nil : true
    }

    /// `~` on collections: the same items in any order (both empty: true).
    private func collectionsEquivalent(_ l: [FHIRPathItem], _ r: [FHIRPathItem]) -> Bool {
        if l.isEmpty && r.isEmpty { return true }
        guard l.count == r.count else { return false }
        var left = r
        for x in l {
            guard let i = left.firstIndex(where: { equivalent(x.value, $0.value) }) else { return false }
            left.remove(at: i)
        }
        return true
    }

    /// Evaluates a binary operator with FHIRPath empty-propagation rules.
    func binary(_ op: FHIRPathOperator, _ le: FHIRPathExpression, _ re: FHIRPathExpression, _ f: Focus) throws(FHIRPathError) -> [FHIRPathItem] {
        switch op {
        case .and, .or, .xor, .implies:
            let a = try truth(try eval(le, f))
            if op == .and, a == false { return bool(false) }
            if op == .or, a == true { return bool(true) }
            if op == .implies, a == false { return bool(true) }
            let b = try truth(try eval(re, f))
            switch op {
            case .and: return bool(b == false ? false : (a == true && b == true ? true : nil))
            case .or: return bool(b == true ? true : (a == false && b == false ? false : nil))
            case .xor: return bool(a != nil && b != nil ? a != b : nil)
            default: return bool(b == true ? true : (a == true ? b : nil))
            }
        default: break
        }
        let l = try eval(le, f), r = try eval(re, f)
        switch op {
        case .equal: return bool(collectionsEqual(l, r))
        case .notEqual: return bool(collectionsEqual(l, r).map { !$0 })
        case .equivalent: return bool(collectionsEquivalent(l, r))
        case .notEquivalent: return bool(!collectionsEquivalent(l, r))
        case .union: return distinct(l + r)
        case .in, .contains:
            let (needle, hay) = op == .in ? (l, r) : (r, l)
            guard let n = try single(needle, "'\(op.rawValue)'") else { return op == .in ? [] : (hay.isEmpty ? bool(false) : []) }
            return bool(hay.contains { equal($0.value, n) == true })
        case .concatenate:
            let a = try single(l, "'&'")?.stringForm ?? "", b = try single(r, "'&'")?.stringForm ?? ""
            return [FHIRPathItem(.string(a + b))]
        case .less, .greater, .lessOrEqual, .greaterOrEqual:
            guard let a = try single(l, "a comparison"), let b = try single(r, "a comparison") else { return [] }
            if let (x, y) = Self.temporals(a, b) {
                guard let order = FHIRPathTemporal.compare(x, y) else { return [] }
                let c = order == .orderedAscending ? -1 : (order == .orderedSame ? 0 : 1)
                switch op {
                case .less: return bool(c < 0)
                case .greater: return bool(c > 0)
                case .lessOrEqual: return bool(c <= 0)
                default: return bool(c >= 0)
                }
            }
            if case .quantity(let x, let u) = a, case .quantity(let y, let v) = b, u != v {
                guard let p = FHIRPathUnits.base(x, u), let q = FHIRPathUnits.base(y, v), p.dimension == q.dimension else { return [] }
                return try binary(op, .literal(.decimal(p.value)), .literal(.decimal(q.value)), f)
            }
            guard let c = compare(a, b) else { throw fail("cannot compare \(a.stringForm ?? "an object") with \(b.stringForm ?? "an object")") }
            switch op {
            case .less: return bool(c < 0)
            case .greater: return bool(c > 0)
            case .lessOrEqual: return bool(c <= 0)
            default: return bool(c >= 0)
            }
        default:
            guard let a = try single(l, "arithmetic"), let b = try single(r, "arithmetic") else { return [] }
            return try arithmetic(op, a, b).map { [FHIRPathItem($0)] } ?? []
        }
    }

    /// -1, 0 or 1; nil when the values cannot be ordered.
    func compare(_ a: FHIRPathValue, _ b: FHIRPathValue) -> Int? {
        if let x = a.number, let y = b.number { return x < y ? -1 : (x > y ? 1 : 0) }
        if let x = a.text, let y = b.text { return x < y ? -1 : (x > y ? 1 : 0) }
        return nil
    }

    private func arithmetic(_ op: FHIRPathOperator, _ a: FHIRPathValue, _ b: FHIRPathValue) throws(FHIRPathError) -> FHIRPathValue? {
        if op == .add || op == .subtract, case .quantity(let amount, let unit) = b, let t = Self.temporalValue(a) {
            guard let moved = t.adding(op == .add ? amount : -amount, unit: unit ?? "1") else {
                throw fail("cannot add \(JSONValue.double(amount).displayText) '\(unit ?? "1")' to a \(a.typeName)")
            }
            return .temporal(moved.text)
        }
        if op == .add, case .string(let x) = a, case .string(let y) = b { return .string(x + y) }
        guard let x = a.number, let y = b.number else { throw fail("'\(op.rawValue)' needs numbers") }
        let ints: (Int, Int)? = { if case .integer(let i) = a, case .integer(let j) = b { return (i, j) }; return nil }()
        let unit: String? = { if case .quantity(_, let u) = a { return u }; if case .quantity(_, let u) = b { return u }; return nil }()
        func wrap(_ d: Double) -> FHIRPathValue {
            if unit != nil, op == .add || op == .subtract { return .quantity(value: d, unit: unit) }
            return .decimal(d)
        }
        /// An integer result, or nil (the empty collection) when it overflowed.
        func checked(_ r: (partialValue: Int, overflow: Bool)) -> FHIRPathValue? { r.overflow ? nil : .integer(r.partialValue) }
        switch op {
        case .add: return ints.map { checked($0.0.addingReportingOverflow($0.1)) } ?? wrap(x + y)
        case .subtract: return ints.map { checked($0.0.subtractingReportingOverflow($0.1)) } ?? wrap(x - y)
        case .multiply: return ints.map { checked($0.0.multipliedReportingOverflow(by: $0.1)) } ?? .decimal(x * y)
        case .divide: return y == 0 ? nil : .decimal(x / y)
        case .div:
            if y == 0 { return nil }
            if let (a, b) = ints { return checked(a.dividedReportingOverflow(by: b)) }
            return Self.int((x / y).rounded(.towardZero)).map { .integer($0) }
        case .mod:
            if y == 0 { return nil }
            if let (a, b) = ints { return checked(a.remainderReportingOverflow(dividingBy: b)) }
            return .decimal(x.truncatingRemainder(dividingBy: y))
        default: throw fail("unsupported operator \(op.rawValue)")
        }
    }

    /// The integer a whole double stands for, or nil when it is not finite or outside the integer range.
    static func int(_ d: Double) -> Int? {
        guard d.isFinite, d >= -9.223372036854775808e18, d < 9.223372036854775808e18 else { return nil }
        return Int(d)
    }

    /// A temporal literal as a temporal (nil for other values).
    static func temporalValue(_ v: FHIRPathValue) -> FHIRPathTemporal? {
        if case .temporal(let s) = v { return FHIRPathTemporal(s) }
        return nil
    }

    /// Removes duplicates, keeping the first occurrence.
    func distinct(_ items: [FHIRPathItem]) -> [FHIRPathItem] {
        var out: [FHIRPathItem] = []
        for i in items where !out.contains(where: { equal($0.value, i.value) == true }) { out.append(i) }
        return out
    }
}
