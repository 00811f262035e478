import StudyCore

extension FHIRPathEvaluator {
    /// Collection functions beyond the basic ones (`subsetOf`, `intersect`, `descendants`, `sort`,
    /// `aggregate`, `extension`...); nil when `name` is none of them.
    func callCollections(_ name: String, input: [FHIRPathItem], args: [FHIRPathExpression], outer: Focus) throws(FHIRPathError) -> [FHIRPathItem]? {
        func contains(_ list: [FHIRPathItem], _ x: FHIRPathItem) -> Bool { list.contains { equal($0.value, x.value) == true } }
        switch name {
        case "subsetOf":
            let other = try eval(args[0], outer)
            return bool(input.allSatisfy { contains(other, $0) })
        case "supersetOf":
            let other = try eval(args[0], outer)
            return bool(other.allSatisfy { contains(input, $0) })
        case "isDistinct": return bool(distinct(input).count == input.count)
        case "intersect":
            let other = try eval(args[0], outer)
            return distinct(input.filter { contains(other, $0) })
        case "exclude":
            let other = try eval(args[0], outer)
            return input.filter { !contains(other, $0) }
        case "descendants":
            var out: [FHIRPathItem] = [], frontier = input, rounds = 0
            while !frontier.isEmpty, rounds < 64 {
                let next = try call("children", input: frontier, args: [], outer: outer)
                out.append(contentsOf: next)
                frontier = next
                rounds += 1
            }
            return out
        case "sort":
            // An empty key sorts after every value, and before them when descending (the suite's testSort10).
            var keyed: [(FHIRPathItem, [(FHIRPathValue?, Bool)])] = []
            for (k, item) in input.enumerated() {
                var keys: [(FHIRPathValue?, Bool)] = []
                for a in args {
                    var e = a, descending = false
                    if case .negate(let inner) = a { e = inner; descending = true }
                    let v = try eval(e, Focus(items: [item], this: item, index: k))
                    keys.append((v.first?.value, descending))
                }
                if args.isEmpty { keys = [(item.value, false)] }
                keyed.append((item, keys))
            }
            let sorted = keyed.sorted { l, r in
                for ((a, desc), (b, _)) in zip(l.1, r.1) {
                    let order: Int?
                    switch (a, b) {
                    case (nil, nil): order = 0
                    case (nil, _): order = 1
                    case (_, nil): order = -1
                    case let (a?, b?): order = compare(a, b)
                    }
                    guard let c = order, c != 0 else { continue }
                    return desc ? c > 0 : c < 0
                }
                return false
            }
            return sorted.map(\.0)
        case "aggregate":
            var total = args.count > 1 ? try eval(args[1], outer) : []
            for (k, item) in input.enumerated() {
                var inner = self
                inner.environment.variables["$total"] = total
                total = try inner.eval(args[0], Focus(items: [item], this: item, index: k))
            }
            return total
        case "extension":
            guard let url = try single(try eval(args[0], outer), "extension()")?.text else { return [] }
            let elements = input.flatMap { item -> [FHIRPathItem] in
                if let extra = item.primitiveElement { return [FHIRPathItem(.node(extra.objectValue ?? [:]), linkId: item.linkId)] }
                return [item]
            }
            return elements.flatMap { member("extension", of: $0) }.filter { member("url", of: $0).first?.value == .string(url) }
        default: return nil
        }
    }
}
