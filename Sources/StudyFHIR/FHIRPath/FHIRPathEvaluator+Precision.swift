import Foundation
import StudyCore

extension FHIRPathEvaluator {
    /// `lowBoundary`, `highBoundary`, `precision` and `comparable`; nil when `name` is none of them.
    func callPrecision(_ name: String, input: [FHIRPathItem], args: [FHIRPathExpression], outer: Focus) throws(FHIRPathError) -> [FHIRPathItem]? {
        switch name {
        case "lowBoundary", "highBoundary":
            guard let v = try single(input, "\(name)()") else { return [] }
            let p = try args.first.map { a throws(FHIRPathError) in try singleNumber(try eval(a, outer)).flatMap(Self.int) } ?? nil
            let high = name == "highBoundary"
            switch v {
            case .integer(let i): return Self.boundary(Double(i), scale: 0, precision: p ?? 8, high: high).map { [FHIRPathItem(.decimal($0))] } ?? []
            case .decimal(let d): return Self.boundary(d, scale: Self.decimals(d), precision: p ?? 8, high: high).map { [FHIRPathItem(.decimal($0))] } ?? []
            case .quantity(let q, let unit):
                return Self.boundary(q, scale: Self.decimals(q), precision: p ?? 8, high: high).map { [FHIRPathItem(.quantity(value: $0, unit: unit))] } ?? []
            case .temporal(let s):
                guard let t = FHIRPathTemporal(s), let b = Self.boundary(t, precision: p, high: high) else { return [] }
                return [FHIRPathItem(.temporal(b.text))]
            default: return []
            }
        case "precision":
            guard let v = try single(input, "precision()") else { return [] }
            switch v {
            case .decimal(let d): return [FHIRPathItem(.integer(Self.decimals(d)))]
            case .integer: return [FHIRPathItem(.integer(0))]
            case .temporal(let s):
                guard let t = FHIRPathTemporal(s) else { return [] }
                return [FHIRPathItem(.integer(Self.digits(of: t)))]
            default: return []
            }
        case "comparable":
            guard case .quantity(_, let u)? = try single(input, "comparable()"),
                case .quantity(_, let v)? = try single(try eval(args[0], outer), "comparable()")
            else { return [] }
            guard let a = FHIRPathUnits.base(1, u), let b = FHIRPathUnits.base(1, v) else { return bool(false) }
            return bool(a.dimension == b.dimension)
        default: return nil
        }
    }

    /// The lowest (or highest) decimal a value of `scale` digits stands for, given to `precision` digits.
    static func boundary(_ x: Double, scale: Int, precision: Int, high: Bool) -> Double? {
        guard (0...28).contains(precision) else { return nil }
        let half = 0.5 * pow(10, -Double(scale))
        let edge = high ? x + half : x - half
        let factor = pow(10, Double(precision))
        if abs(edge) < 1 / factor { return 0 }
        let scaled = edge * factor, nearest = scaled.rounded()
        return (abs(scaled - nearest) < 1e-6 ? nearest : scaled.rounded(high ? .up : .down)) / factor
    }

    /// The digits of a temporal's precision (year 4 … milliseconds 17; times hour 2 … milliseconds 9).
    static func digits(of t: FHIRPathTemporal) -> Int {
        let dateDigits = [4, 6, 8, 10, 12, 14], timeDigits = [2, 4, 6]
        let table = t.kind == .time ? timeDigits : dateDigits
        let base = table[min(t.precision, table.count) - 1]
        return t.millis != nil ? base + 3 : base
    }

    /// The earliest (or latest) temporal a value stands for, to `precision` digits (its own when nil).
    static func boundary(_ t: FHIRPathTemporal, precision: Int?, high: Bool) -> FHIRPathTemporal? {
        let levels = t.kind == .time ? [2, 4, 6, 9] : [4, 6, 8, 10, 12, 14, 17]
        let target = precision ?? digits(of: t)
        guard let count = levels.firstIndex(of: target).map({ $0 + 1 }) else { return nil }
        var out = t
        let full = t.kind == .time ? 3 : 6
        var parts = t.parts
        while parts.count < min(count, full) {
            let i = parts.count + (t.kind == .time ? 3 : 0)
            switch i {
            case 1: parts.append(high ? 12 : 1)
            case 2:
                var c = DateComponents()
                c.year = parts[0]; c.month = parts[1]
                let cal = Calendar(identifier: .gregorian)
                let days = cal.date(from: c).flatMap { cal.range(of: .day, in: .month, for: $0)?.count } ?? 28
                parts.append(high ? days : 1)
            case 3: parts.append(high ? 23 : 0)
            default: parts.append(high ? 59 : 0)
            }
        }
        out.parts = Array(parts.prefix(min(count, full)))
        if count > full {
            out.millis = t.millis ?? (high ? 999 : 0)
            out.fractionDigits = 3
            if t.kind == .dateTime, out.offset == nil { out.offset = high ? -12 * 3600 : 14 * 3600 }
        } else {
            out.millis = nil
            if count <= 3, t.kind != .time { out.kind = .date; out.offset = nil }
        }
        return out
    }
}
