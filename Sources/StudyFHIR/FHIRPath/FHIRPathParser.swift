/// Parses FHIRPath text into `FHIRPathExpression`, refusing anything outside the supported subset.
public struct FHIRPathParser {
    /// Functions the evaluator implements, with their argument counts.
    public static let functions: [String: ClosedRange<Int>] = [
        "where": 1...1, "select": 1...1, "exists": 0...1, "all": 1...1, "repeat": 1...1, "empty": 0...0,
        "count": 0...0, "sum": 0...0, "min": 0...0, "max": 0...0, "avg": 0...0, "first": 0...0, "last": 0...0,
        "tail": 0...0, "skip": 1...1, "take": 1...1, "single": 0...0, "distinct": 0...0, "not": 0...0,
        "iif": 2...3, "answers": 0...0, "ordinal": 0...0, "weight": 0...0, "combine": 1...1, "union": 1...1,
        "toString": 0...0, "toInteger": 0...0, "toDecimal": 0...0, "round": 0...1, "power": 1...1, "ln": 0...0,
        "exp": 0...0, "log": 1...1, "abs": 0...0, "sqrt": 0...0, "floor": 0...0, "ceiling": 0...0,
        "truncate": 0...0, "length": 0...0, "startsWith": 1...1, "endsWith": 1...1, "contains": 1...1,
        "upper": 0...0, "lower": 0...0, "trim": 0...0, "substring": 1...2, "matches": 1...1, "replace": 2...2,
        "hasValue": 0...0, "children": 0...0, "allTrue": 0...0, "anyTrue": 0...0, "allFalse": 0...0,
        "anyFalse": 0...0, "join": 0...1, "today": 0...0, "now": 0...0, "trace": 1...2,
    ]

    private var tokens: [FHIRPathToken]
    private var pos = 0
    private let text: String

    /// Parses an expression; throws with the expression text when it is malformed or unsupported.
    public static func parse(_ text: String) throws(FHIRPathError) -> FHIRPathExpression {
        var p = FHIRPathParser(tokens: try FHIRPathLexer.tokens(text), text: text)
        let e = try p.expression()
        guard p.peek == .end else { throw p.fail("unexpected \(p.describe(p.peek))") }
        return e
    }

    private init(tokens: [FHIRPathToken], text: String) {
        self.tokens = tokens
        self.text = text
    }

    private var peek: FHIRPathToken { tokens[pos] }
    private func fail(_ reason: String) -> FHIRPathError { FHIRPathError(expression: text, reason: reason) }

    private func describe(_ t: FHIRPathToken) -> String {
        switch t {
        case .identifier(let s): return "'\(s)'"
        case .symbol(let s): return "'\(s)'"
        case .end: return "end of expression"
        default: return "\(t)"
        }
    }

    private mutating func take() -> FHIRPathToken {
        defer { pos += 1 }
        return tokens[pos]
    }

    private mutating func accept(_ symbol: String) -> Bool {
        if peek == .symbol(symbol) { pos += 1; return true }
        return false
    }

    private mutating func acceptWord(_ words: Set<String>) -> String? {
        if case .identifier(let w) = peek, words.contains(w) { pos += 1; return w }
        return nil
    }

    private mutating func expect(_ symbol: String) throws(FHIRPathError) {
        guard accept(symbol) else { throw fail("expected '\(symbol)' but found \(describe(peek))") }
    }

    private mutating func expression() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try orExpr()
        while acceptWord(["implies"]) != nil { e = .binary(.implies, e, try orExpr()) }
        return e
    }

    private mutating func orExpr() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try andExpr()
        while let w = acceptWord(["or", "xor"]) { e = .binary(w == "or" ? .or : .xor, e, try andExpr()) }
        return e
    }

    private mutating func andExpr() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try membership()
        while acceptWord(["and"]) != nil { e = .binary(.and, e, try membership()) }
        return e
    }

    private mutating func membership() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try binaryLevel(["=", "~", "!=", "!~"]) { (p: inout FHIRPathParser) throws(FHIRPathError) in
            try p.binaryLevel(["<", ">", "<=", ">="]) { (q: inout FHIRPathParser) throws(FHIRPathError) in try q.union() }
        }
        while let w = acceptWord(["in", "contains"]) {
            let rhs = try binaryLevel(["=", "~", "!=", "!~"]) { (p: inout FHIRPathParser) throws(FHIRPathError) in
                try p.binaryLevel(["<", ">", "<=", ">="]) { (q: inout FHIRPathParser) throws(FHIRPathError) in try q.union() }
            }
            e = .binary(w == "in" ? .in : .contains, e, rhs)
        }
        return e
    }

    private mutating func binaryLevel(
        _ symbols: [String], _ operand: (inout FHIRPathParser) throws(FHIRPathError) -> FHIRPathExpression
    ) throws(FHIRPathError) -> FHIRPathExpression {
        var e = try operand(&self)
        while case .symbol(let s) = peek, symbols.contains(s) {
            pos += 1
            e = .binary(FHIRPathOperator(rawValue: s)!, e, try operand(&self))
        }
        return e
    }

    private mutating func union() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try typeExpr()
        while accept("|") { e = .binary(.union, e, try typeExpr()) }
        return e
    }

    private mutating func typeExpr() throws(FHIRPathError) -> FHIRPathExpression {
        let e = try additive()
        if let w = acceptWord(["is", "as"]) { throw fail("the '\(w)' type operator is not supported") }
        return e
    }

    private mutating func additive() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try multiplicative()
        while case .symbol(let s) = peek, ["+", "-", "&"].contains(s) {
            pos += 1
            e = .binary(FHIRPathOperator(rawValue: s)!, e, try multiplicative())
        }
        return e
    }

    private mutating func multiplicative() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try unary()
        while true {
            if accept("*") { e = .binary(.multiply, e, try unary()) }
            else if accept("/") { e = .binary(.divide, e, try unary()) }
            else if let w = acceptWord(["div", "mod"]) { e = .binary(w == "div" ? .div : .mod, e, try unary()) }
            else { return e }
        }
    }

    private mutating func unary() throws(FHIRPathError) -> FHIRPathExpression {
        if accept("-") { return .negate(try unary()) }
        if accept("+") { return try unary() }
        return try postfix()
    }

    private mutating func postfix() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try term()
        while true {
            if accept(".") {
                guard case .identifier(let name) = take() else { throw fail("expected a name after '.'") }
                e = try invocation(name, base: e)
            } else if accept("[") {
                let i = try expression()
                try expect("]")
                e = .indexer(e, i)
            } else { return e }
        }
    }

    private mutating func term() throws(FHIRPathError) -> FHIRPathExpression {
        switch take() {
        case .integer(let i): return quantityLiteral(Double(i)) ?? .literal(.integer(i))
        case .decimal(let d): return quantityLiteral(d) ?? .literal(.decimal(d))
        case .string(let s): return .literal(.string(s))
        case .temporal(let s): return .literal(.temporal(s))
        case .external(let n): return .variable(n)
        case .special("this"): return .this
        case .special("index"): return .index
        case .special(let s): throw fail("$\(s) is not supported")
        case .symbol("("):
            let e = try expression()
            try expect(")")
            return e
        case .symbol("{"):
            try expect("}")
            return .empty
        case .identifier("true"): return .literal(.boolean(true))
        case .identifier("false"): return .literal(.boolean(false))
        case .identifier(let name): return try invocation(name, base: nil)
        case let t: throw fail("unexpected \(describe(t))")
        }
    }

    private mutating func quantityLiteral(_ v: Double) -> FHIRPathExpression? {
        guard case .string(let unit) = peek else { return nil }
        pos += 1
        return .literal(.quantity(value: v, unit: unit))
    }

    private mutating func invocation(_ name: String, base: FHIRPathExpression?) throws(FHIRPathError) -> FHIRPathExpression {
        guard accept("(") else { return .member(base: base, name: name) }
        var args: [FHIRPathExpression] = []
        if !accept(")") {
            repeat { args.append(try expression()) } while accept(",")
            try expect(")")
        }
        guard let arity = Self.functions[name] else { throw fail("the function \(name)() is not supported") }
        guard arity.contains(args.count) else {
            throw fail("\(name)() takes \(arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound)-\(arity.upperBound)") arguments, found \(args.count)")
        }
        return .function(base: base, name: name, arguments: args)
    }
}
