/// Parses FHIRPath text into `FHIRPathExpression`, refusing anything outside the supported subset
/// and anything nested deeper than the evaluator can follow safely.
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
        "is": 1...1, "as": 1...1, "ofType": 1...1, "type": 0...0,
        "convertsToBoolean": 0...0, "convertsToInteger": 0...0, "convertsToDecimal": 0...0, "convertsToString": 0...0,
        "convertsToDate": 0...0, "convertsToDateTime": 0...0, "convertsToTime": 0...0, "convertsToQuantity": 0...1,
        "toBoolean": 0...0, "toDate": 0...0, "toDateTime": 0...0, "toTime": 0...0, "toQuantity": 0...1,
        "indexOf": 1...1, "lastIndexOf": 1...1, "toChars": 0...0, "split": 1...1, "replaceMatches": 2...2, "matchesFull": 1...1,
        "encode": 1...1, "decode": 1...1, "escape": 1...1, "unescape": 1...1,
        "subsetOf": 1...1, "supersetOf": 1...1, "isDistinct": 0...0, "intersect": 1...1, "exclude": 1...1,
        "descendants": 0...0, "sort": 0...9, "aggregate": 1...2, "extension": 1...1,
        "lowBoundary": 0...1, "highBoundary": 0...1, "precision": 0...0, "comparable": 1...1,
    ]

    /// The deepest expression tree accepted (a chain `1+1+…` of N terms is N deep).
    public static let maximumDepth = 256
    /// The deepest nesting of parentheses, arguments, indexers and prefix signs accepted.
    public static let maximumNesting = 64

    private var tokens: [FHIRPathToken]
    private var offsets: [Int]
    private var pos = 0
    private let text: String
    /// How deeply the parser is nested in sub-expressions right now.
    private var nesting = 0
    /// The tree depth of the expression the last parsing function returned.
    private var depth = 0

    /// Parses an expression; throws with the expression text when it is malformed, unsupported or too deep.
    public static func parse(_ text: String) throws(FHIRPathError) -> FHIRPathExpression {
        let lexed = try FHIRPathLexer.tokens(text)
        var p = FHIRPathParser(tokens: lexed.map(\.token), offsets: lexed.map(\.offset), text: text)
        let e = try p.expression()
        guard p.peek == .end else { throw p.fail("unexpected \(p.describe(p.peek))") }
        return e
    }

    private init(tokens: [FHIRPathToken], offsets: [Int], text: String) {
        self.tokens = tokens
        self.offsets = offsets
        self.text = text
    }

    private var peek: FHIRPathToken { tokens[pos] }
    /// An error at the current token.
    private func fail(_ reason: String) -> FHIRPathError { FHIRPathError(expression: text, reason: reason, position: offsets[pos]) }
    /// An error at the token just taken.
    private func failBefore(_ reason: String) -> FHIRPathError {
        FHIRPathError(expression: text, reason: reason, position: offsets[max(0, pos - 1)])
    }

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

    /// Enters one level of nesting (a sub-expression or a prefix sign), refusing to go too deep.
    private mutating func enter() throws(FHIRPathError) {
        nesting += 1
        guard nesting <= Self.maximumNesting else {
            throw FHIRPathError(expression: text, reason: "the expression is nested too deeply (more than \(Self.maximumNesting) levels of parentheses, arguments or signs)",
                                position: offsets[pos], isTooDeep: true)
        }
    }

    /// A node `levels` above the deepest of its parts, refusing trees deeper than the limit.
    private mutating func node(_ e: FHIRPathExpression, over parts: Int...) throws(FHIRPathError) -> FHIRPathExpression {
        depth = (parts.max() ?? 0) + 1
        guard depth <= Self.maximumDepth else {
            throw FHIRPathError(expression: text, reason: "the expression is nested too deeply (more than \(Self.maximumDepth) operations deep)",
                                position: offsets[max(0, pos - 1)], isTooDeep: true)
        }
        return e
    }

    private mutating func expression() throws(FHIRPathError) -> FHIRPathExpression {
        try enter()
        defer { nesting -= 1 }
        var e = try orExpr()
        while acceptWord(["implies"]) != nil {
            let d = depth, r = try orExpr()
            e = try node(.binary(.implies, e, r), over: d, depth)
        }
        return e
    }

    private mutating func orExpr() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try andExpr()
        while let w = acceptWord(["or", "xor"]) {
            let d = depth, r = try andExpr()
            e = try node(.binary(w == "or" ? .or : .xor, e, r), over: d, depth)
        }
        return e
    }

    private mutating func andExpr() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try membership()
        while acceptWord(["and"]) != nil {
            let d = depth, r = try membership()
            e = try node(.binary(.and, e, r), over: d, depth)
        }
        return e
    }

    private mutating func membership() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try binaryLevel(["=", "~", "!=", "!~"]) { (p: inout FHIRPathParser) throws(FHIRPathError) in
            try p.binaryLevel(["<", ">", "<=", ">="]) { (q: inout FHIRPathParser) throws(FHIRPathError) in try q.union() }
        }
        while let w = acceptWord(["in", "contains"]) {
            let d = depth
            let rhs = try binaryLevel(["=", "~", "!=", "!~"]) { (p: inout FHIRPathParser) throws(FHIRPathError) in
                try p.binaryLevel(["<", ">", "<=", ">="]) { (q: inout FHIRPathParser) throws(FHIRPathError) in try q.union() }
            }
            e = try node(.binary(w == "in" ? .in : .contains, e, rhs), over: d, depth)
        }
        return e
    }

    private mutating func binaryLevel(
        _ symbols: [String], _ operand: (inout FHIRPathParser) throws(FHIRPathError) -> FHIRPathExpression
    ) throws(FHIRPathError) -> FHIRPathExpression {
        var e = try operand(&self)
        while case .symbol(let s) = peek, symbols.contains(s) {
            pos += 1
            let d = depth, r = try operand(&self)
            e = try node(.binary(FHIRPathOperator(rawValue: s)!, e, r), over: d, depth)
        }
        return e
    }

    private mutating func union() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try typeExpr()
        while accept("|") {
            let d = depth, r = try typeExpr()
            e = try node(.binary(.union, e, r), over: d, depth)
        }
        return e
    }

    private mutating func typeExpr() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try additive()
        while let w = acceptWord(["is", "as"]) {
            let d = depth
            e = try node(.function(base: e, name: w, arguments: [try typeSpecifier()]), over: d)
        }
        return e
    }

    private mutating func additive() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try multiplicative()
        while case .symbol(let s) = peek, ["+", "-", "&"].contains(s) {
            pos += 1
            let d = depth, r = try multiplicative()
            e = try node(.binary(FHIRPathOperator(rawValue: s)!, e, r), over: d, depth)
        }
        return e
    }

    private mutating func multiplicative() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try unary()
        while true {
            let op: FHIRPathOperator
            if accept("*") { op = .multiply }
            else if accept("/") { op = .divide }
            else if let w = acceptWord(["div", "mod"]) { op = w == "div" ? .div : .mod }
            else { return e }
            let d = depth, r = try unary()
            e = try node(.binary(op, e, r), over: d, depth)
        }
    }

    private mutating func unary() throws(FHIRPathError) -> FHIRPathExpression {
        if accept("-") || accept("+") {
            let negative = tokens[pos - 1] == .symbol("-")
            try enter()
            defer { nesting -= 1 }
            let a = try unary()
            return negative ? try node(.negate(a), over: depth) : a
        }
        return try postfix()
    }

    private mutating func postfix() throws(FHIRPathError) -> FHIRPathExpression {
        var e = try term()
        while true {
            if accept(".") {
                guard case .identifier(let name) = take() else { throw failBefore("expected a name after '.'") }
                e = try invocation(name, base: e)
            } else if accept("[") {
                let d = depth, i = try expression()
                try expect("]")
                e = try node(.indexer(e, i), over: d, depth)
            } else { return e }
        }
    }

    private mutating func term() throws(FHIRPathError) -> FHIRPathExpression {
        depth = 1
        switch take() {
        case .integer(let i): return quantityLiteral(Double(i)) ?? .literal(.integer(i))
        case .decimal(let d): return quantityLiteral(d) ?? .literal(.decimal(d))
        case .string(let s): return .literal(.string(s))
        case .temporal(let s): return .literal(.temporal(s))
        case .external(let n): return .variable(n)
        case .special("this"): return .this
        case .special("index"): return .index
        case .special("total"): return .variable("$total")
        case .special(let s): throw failBefore("$\(s) is not supported")
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
        case let t: throw failBefore("unexpected \(describe(t))")
        }
    }

    private mutating func quantityLiteral(_ v: Double) -> FHIRPathExpression? {
        switch peek {
        case .string(let unit):   // any UCUM unit in quotes: 5 'mg'
            pos += 1
            return .literal(.quantity(value: v, unit: unit))
        case .identifier(let unit) where FHIRPathUnits.calendarWords.contains(unit):   // 3 days
            pos += 1
            return .literal(.quantity(value: v, unit: unit))
        default: return nil
        }
    }

    /// A type specifier after `is`/`as`: `Integer`, `System.Integer`, ``FHIR.`Patient` ``.
    private mutating func typeSpecifier() throws(FHIRPathError) -> FHIRPathExpression {
        guard case .identifier(var name) = take() else { throw failBefore("expected a type name") }
        if accept(".") {
            guard case .identifier(let inner) = take() else { throw failBefore("expected a type name after '.'") }
            name += "." + inner
        }
        return .member(base: nil, name: name)
    }

    private mutating func invocation(_ name: String, base: FHIRPathExpression?) throws(FHIRPathError) -> FHIRPathExpression {
        let baseDepth = base == nil ? 0 : depth
        let at = pos - 1
        guard accept("(") else { return try node(.member(base: base, name: name), over: baseDepth) }
        var args: [FHIRPathExpression] = [], deepest = baseDepth
        if !accept(")") {
            repeat {
                args.append(try expression())
                deepest = max(deepest, depth)
            } while accept(",")
            try expect(")")
        }
        guard let arity = Self.functions[name] else {
            throw FHIRPathError(expression: text, reason: "the function \(name)() is not supported", position: offsets[at])
        }
        guard arity.contains(args.count) else {
            throw FHIRPathError(expression: text, reason: "\(name)() takes \(arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound)-\(arity.upperBound)") arguments, found \(args.count)", position: offsets[at])
        }
        return try node(.function(base: base, name: name, arguments: args), over: deepest)
    }
}
