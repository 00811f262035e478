import Foundation
import StudyCore

extension FHIRPathEvaluator {
    /// Calls a function of the subset on `input`.
    func call(_ name: String, input: [FHIRPathItem], args: [FHIRPathExpression], outer: Focus) throws(FHIRPathError) -> [FHIRPathItem] {
        /// Evaluates argument `i` against the outer focus (non-lambda arguments).
        func arg(_ i: Int) throws(FHIRPathError) -> [FHIRPathItem] { try eval(args[i], outer) }
        func each(_ body: (FHIRPathItem, [FHIRPathItem]) throws(FHIRPathError) -> Void) throws(FHIRPathError) {
            for (k, item) in input.enumerated() { try body(item, try eval(args[0], Focus(items: [item], this: item, index: k))) }
        }
        func number(_ transform: (Double) -> Double?) throws(FHIRPathError) -> [FHIRPathItem] {
            guard let x = try singleNumber(input), let y = transform(x), y.isFinite else { return [] }
            return [FHIRPathItem(.decimal(y))]
        }
        func text(_ transform: (String) throws(FHIRPathError) -> FHIRPathValue?) throws(FHIRPathError) -> [FHIRPathItem] {
            guard let v = try single(input, "\(name)()") else { return [] }
            guard let s = v.text else { throw fail("\(name)() needs a string") }
            return try transform(s).map { [FHIRPathItem($0)] } ?? []
        }
        func stringArg(_ i: Int) throws(FHIRPathError) -> String? { try single(try arg(i), "\(name)()")?.stringForm }

        switch name {
        case "where":
            var out: [FHIRPathItem] = []
            try each { item, r throws(FHIRPathError) in if try truth(r) == true { out.append(item) } }
            return out
        case "select":
            var out: [FHIRPathItem] = []
            try each { _, r in out.append(contentsOf: r) }
            return out
        case "exists":
            if args.isEmpty { return bool(!input.isEmpty) }
            return bool(!(try call("where", input: input, args: args, outer: outer)).isEmpty)
        case "all":
            var ok = true
            try each { _, r throws(FHIRPathError) in if try truth(r) != true { ok = false } }
            return bool(ok)
        case "repeat":  // items already found are not followed again, so a projection that repeats itself ends
            var out: [FHIRPathItem] = [], frontier = input, rounds = 0
            while !frontier.isEmpty, rounds < 64 {
                let next = try call("select", input: frontier, args: args, outer: outer).filter { n in
                    !out.contains { equal($0.value, n.value) == true }
                }
                out.append(contentsOf: distinct(next))
                frontier = next
                rounds += 1
            }
            return out
        case "iif":  // criterion and branches see the outer focus (the input itself when iif has one, see eval)
            let c = try truth(try eval(args[0], outer))
            if c == true { return try arg(1) }
            return args.count > 2 ? try arg(2) : []
        case "empty": return bool(input.isEmpty)
        case "count": return [FHIRPathItem(.integer(input.count))]
        case "hasValue": return bool(input.count == 1 && input[0].value.stringForm != nil)
        case "not": return bool(try truth(input).map { !$0 })
        case "allTrue", "anyTrue", "allFalse", "anyFalse":
            var bs: [Bool] = []
            for item in input {
                guard case .boolean(let b) = item.value else { throw fail("\(name)() needs Booleans, found \(item.value.typeName)") }
                bs.append(b)
            }
            switch name {
            case "allTrue": return bool(bs.allSatisfy { $0 })
            case "anyTrue": return bool(bs.contains(true))
            case "allFalse": return bool(bs.allSatisfy { !$0 })
            default: return bool(bs.contains(false))
            }
        case "first": return input.first.map { [$0] } ?? []
        case "last": return input.last.map { [$0] } ?? []
        case "tail": return Array(input.dropFirst())
        case "skip", "take":
            guard let n = try singleNumber(try arg(0)).flatMap(Self.int) else { return [] }
            return name == "skip" ? Array(input.dropFirst(max(0, n))) : Array(input.prefix(max(0, n)))
        case "single":
            guard input.count <= 1 else { throw fail("single() found \(input.count) items") }
            return input
        case "distinct": return distinct(input)
        case "combine": return input + (try arg(0))
        case "union": return distinct(input + (try arg(0)))
        case "trace": return input
        case "children": return input.flatMap { item -> [FHIRPathItem] in
            guard case .node(let o) = item.value else { return [] }
            return o.keys.sorted().flatMap { FHIRPathValue.from(o[$0]!, linkId: item.linkId) }
        }
        case "sum", "min", "max", "avg": return try aggregate(name, input)
        case "answers": return input.flatMap(answers)
        case "ordinal", "weight": return input.compactMap(score)
        case "toString": return input.count == 1 ? (input[0].value.stringForm.map { [FHIRPathItem(.string($0))] } ?? []) : []
        case "toInteger":
            guard let v = try single(input, "toInteger()") else { return [] }
            switch v {
            case .integer: return input
            case .boolean(let b): return [FHIRPathItem(.integer(b ? 1 : 0))]
            case .string(let s): return Int(s).map { [FHIRPathItem(.integer($0))] } ?? []
            default: return []
            }
        case "toDecimal":
            guard let v = try single(input, "toDecimal()") else { return [] }
            if let n = v.number { return [FHIRPathItem(.decimal(n))] }
            if case .string(let s) = v, let d = Double(s) { return [FHIRPathItem(.decimal(d))] }
            if case .boolean(let b) = v { return [FHIRPathItem(.decimal(b ? 1 : 0))] }
            return []
        case "round":
            let digits = args.isEmpty ? 0 : (try singleNumber(try arg(0)).flatMap(Self.int) ?? 0)
            guard (0...300).contains(digits) else { return [] }
            let scale = pow(10.0, Double(digits))
            return try number { ($0 * scale).rounded(.toNearestOrAwayFromZero) / scale }
        case "power":
            guard let e = try singleNumber(try arg(0)) else { return [] }
            if case .integer(let b)? = input.first?.value, input.count == 1, case .integer(let k)? = try arg(0).first?.value, k >= 0 {
                let p = pow(Double(b), Double(k))
                if abs(p) < 9e15, let n = Self.int(p) { return [FHIRPathItem(.integer(n))] }
            }
            return try number { pow($0, e) }
        case "ln": return try number { $0 > 0 ? log($0) : nil }
        case "log":
            guard let base = try singleNumber(try arg(0)), base > 0, base != 1 else { return [] }
            return try number { $0 > 0 ? log($0) / log(base) : nil }
        case "exp": return try number { Foundation.exp($0) }
        case "sqrt": return try number { $0 >= 0 ? $0.squareRoot() : nil }
        case "abs", "floor", "ceiling", "truncate":
            if case .integer(let i)? = input.first?.value, input.count == 1 {
                guard name == "abs" else { return input }
                return i == Int.min ? [] : [FHIRPathItem(.integer(Swift.abs(i)))]  // |Int.min| overflows: empty
            }
            let rule: FloatingPointRoundingRule = name == "floor" ? .down : (name == "ceiling" ? .up : .towardZero)
            if name == "abs" { return try number { Swift.abs($0) } }
            guard let x = try singleNumber(input), let n = Self.int(x.rounded(rule)) else { return [] }
            return [FHIRPathItem(.integer(n))]
        case "length": return try text { .integer($0.count) }
        case "upper": return try text { .string($0.uppercased()) }
        case "lower": return try text { .string($0.lowercased()) }
        case "trim": return try text { .string($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        case "startsWith": let p = try stringArg(0); return try text { s in p.map { .boolean(s.hasPrefix($0)) } }
        case "endsWith": let p = try stringArg(0); return try text { s in p.map { .boolean(s.hasSuffix($0)) } }
        case "contains": let p = try stringArg(0); return try text { s in p.map { .boolean($0.isEmpty || s.contains($0)) } }
        case "substring":
            guard let start = try singleNumber(try arg(0)).flatMap(Self.int) else { return [] }
            let length = args.count > 1 ? try singleNumber(try arg(1)).flatMap(Self.int) : nil
            return try text { s in
                guard start >= 0, start < s.count else { return nil }
                let tail = s.dropFirst(start)
                return .string(String(length.map { tail.prefix(max(0, $0)) } ?? tail))
            }
        case "matches":
            guard let pattern = try stringArg(0) else { return [] }
            return try text { s throws(FHIRPathError) in .boolean(try Self.matches(s, pattern)) }
        case "replace":
            guard let a = try stringArg(0), let b = try stringArg(1) else { return [] }
            return try text { s in
                guard a.isEmpty else { return .string(s.replacingOccurrences(of: a, with: b)) }
                return .string(b + s.map { String($0) }.joined(separator: b) + (s.isEmpty ? "" : b))  // '' matches between every character
            }
        case "join":
            let sep = args.isEmpty ? "" : (try stringArg(0) ?? "")
            return [FHIRPathItem(.string(input.compactMap { $0.value.stringForm }.joined(separator: sep)))]
        case "today": return [FHIRPathItem(.temporal(String(ResultDate.string(from: environment.now).prefix(10))))]
        case "now": return [FHIRPathItem(.temporal(ResultDate.string(from: environment.now)))]
        default:
            if let r = try callTypes(name, input: input, args: args, outer: outer) { return r }
            if let r = try callStrings(name, input: input, args: args, outer: outer) { return r }
            if let r = try callCollections(name, input: input, args: args, outer: outer) { return r }
            if let r = try callPrecision(name, input: input, args: args, outer: outer) { return r }
            throw fail("the function \(name)() is not supported")
        }
    }

    private func aggregate(_ name: String, _ input: [FHIRPathItem]) throws(FHIRPathError) -> [FHIRPathItem] {
        var ints = true, values: [Double] = [], whole: [Int] = []
        for item in input {
            guard let n = item.value.number else { throw fail("\(name)() needs numbers") }
            if case .integer(let i) = item.value { whole.append(i) } else { ints = false }
            values.append(n)
        }
        if ints, name == "sum" {  // exact integer sum; overflow gives the empty collection
            var total = 0
            for i in whole {
                let (t, overflow) = total.addingReportingOverflow(i)
                if overflow { return [] }
                total = t
            }
            return [FHIRPathItem(.integer(total))]
        }
        let result: Double?
        switch name {
        case "sum": result = values.reduce(0, +)
        case "min": result = values.min()
        case "max": result = values.max()
        default: ints = false; result = values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        }
        guard let r = result else { return [] }
        if ints, let n = Self.int(r) { return [FHIRPathItem(.integer(n))] }
        return [FHIRPathItem(.decimal(r))]
    }

    /// SDC `answers()`: every answer below a response (or item), nested answers included.
    private func answers(_ item: FHIRPathItem) -> [FHIRPathItem] {
        guard case .node(let o) = item.value else { return [] }
        var out: [FHIRPathItem] = []
        for child in FHIRPathValue.from(o["item"] ?? .null, linkId: item.linkId) {
            guard case .node(let c) = child.value else { continue }
            for a in FHIRPathValue.from(c["answer"] ?? .null, linkId: child.linkId) {
                out.append(a)
                out.append(contentsOf: answers(a))
            }
            out.append(contentsOf: answers(child))
        }
        return out
    }

    /// `ordinal()`/`weight()`: the score of a coded answer, from the coding's own extension or the item's options.
    private func score(_ item: FHIRPathItem) -> FHIRPathItem? {
        var v = item.value
        if case .node(let o) = v, o["code"] == nil, let inner = FHIRPathValue.from(.object(o), linkId: item.linkId).first,
            let value = member("value", of: inner).first
        {
            v = value.value
        }
        switch v {
        case .node(let o):
            if let w = ConceptWeight.of(.object(o)) { return FHIRPathItem(.decimal(w)) }
            guard let code = o["code"]?.stringValue else { return nil }
            return environment.scores.weight(linkId: item.linkId, system: o["system"]?.stringValue, code: code)
                .map { FHIRPathItem(.decimal($0)) }
        case .string(let s):
            return environment.scores.weight(linkId: item.linkId, system: nil, code: s, itemOnly: true).map { FHIRPathItem(.decimal($0)) }
        case .integer(let i):
            return environment.scores.weight(linkId: item.linkId, system: nil, code: String(i), itemOnly: true).map { FHIRPathItem(.decimal($0)) }
        default: return nil
        }
    }

    /// True when the regular expression finds a match in `s`.
    static func matches(_ s: String, _ pattern: String) throws(FHIRPathError) -> Bool {
        guard let re = try? NSRegularExpression(pattern: pattern, options: .dotMatchesLineSeparators) else {
            throw FHIRPathError(expression: "", reason: "invalid regular expression \(pattern)")
        }
        return re.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
    }
}
