import Foundation

/// A parsed `studyterm-server` command line: the command word, options (`--name VALUE` or
/// `--name=VALUE`, some repeated), flags, and the remaining words.
struct ServerArguments: Equatable {
    /// The command (`serve` when the line starts with an option).
    var command: String
    /// Options with values, in order.
    var options: [(name: String, value: String)]
    /// Flags given.
    var flags: Set<String>
    /// Words that are not options.
    var words: [String]

    /// Options that take no value.
    static let flagNames = ServerCommandTable.flagNames

    /// Parses `arguments` (without the program name); a value-less option is a usage error.
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            command = first
            rest = rest.dropFirst()
        } else {
            command = "serve"
        }
        options = []
        flags = []
        words = []
        var onlyWords = false
        while let word = rest.popFirst() {
            if onlyWords || !word.hasPrefix("--") || word == "-" {
                words.append(word)
            } else if word == "--" {
                onlyWords = true
            } else {
                let body = word.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    options.append((String(body[..<equals]), String(body[body.index(after: equals)...])))
                } else if Self.flagNames.contains(String(body)) {
                    flags.insert(String(body))
                } else {
                    guard let value = rest.popFirst() else { throw UsageError("--\(body) needs a value") }
                    options.append((String(body), value))
                }
            }
        }
    }

    /// The last value of option `name`.
    func value(_ name: String) -> String? { options.last { $0.name == name }?.value }
    /// Every value of option `name`.
    func values(_ name: String) -> [String] { options.filter { $0.name == name }.map(\.value) }
    /// An integer option within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// Refuses options and flags that ``ServerCommandTable`` does not give the command.
    func allow(command name: String) throws(UsageError) {
        let options = ServerCommandTable.command(name)?.options ?? []
        try allow(options: Set(options.filter { $0.value != nil }.map(\.name)),
                  flags: Set(options.filter { $0.value == nil }.map(\.name)))
    }

    /// Refuses options and flags the command does not know.
    func allow(options allowed: Set<String>, flags allowedFlags: Set<String> = []) throws(UsageError) {
        if let unknown = options.first(where: { !allowed.contains($0.name) }) { throw UsageError("\(command) has no option --\(unknown.name)") }
        if let unknown = flags.subtracting(allowedFlags.union(["help"])).first { throw UsageError("\(command) has no option --\(unknown)") }
    }

    static func == (a: ServerArguments, b: ServerArguments) -> Bool {
        a.command == b.command && a.flags == b.flags && a.words == b.words
            && a.options.map { "\($0.name)=\($0.value)" } == b.options.map { "\($0.name)=\($0.value)" }
    }
}

/// A wrong command line, in one sentence; exits 64 with the usage.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    let description: String

    /// An error.
    init(_ description: String) { self.description = description }
}
