/// A command line checked against a ``CommandSpec``: its positional arguments, option values and flags.
package struct ParsedArguments {
    package let spec: CommandSpec
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// `-h` or `--help` was given.
    private(set) var wantsHelp = false

    /// Parses `arguments` (the words after the command's name).
    ///
    /// Options are `--name value` or `--name=value`, in any order among the positional arguments;
    /// `--` ends the options.
    package init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        self.spec = spec
        var words = arguments[...]
        var optionsEnded = false
        while let word = words.popFirst() {
            if optionsEnded || !word.hasPrefix("-") || word == "-" {
                positionals.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else if word == "-h" || word == "--help" {
                wantsHelp = true
            } else {
                try take(word, from: &words)
            }
        }
        if wantsHelp { return }
        if positionals.count < spec.arguments.count {
            throw UsageError("missing expected argument '<\(spec.arguments[positionals.count].name)>'", spec: spec)
        }
        let most = spec.arguments.count + spec.optionalArguments.count
        if positionals.count > most {
            throw UsageError("unexpected argument '\(positionals[most])'", spec: spec)
        }
    }

    /// Records one option word (and its value, taken from the word or the next one).
    private mutating func take(_ word: String, from words: inout ArraySlice<String>) throws(UsageError) {
        let body = word.dropFirst(word.hasPrefix("--") ? 2 : 1)
        let name = String(body.prefix { $0 != "=" })
        let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard word.hasPrefix("--"), let option = spec.option(named: name) else {
            throw UsageError("unknown option '\(word)'", spec: spec)
        }
        if option.kind == .flag {
            if attached != nil { throw UsageError("'--\(name)' takes no value", spec: spec) }
            flags.insert(name)
            return
        }
        guard let value = attached ?? words.popFirst() else {
            throw UsageError("missing value for '\(option.usage)'", spec: spec)
        }
        if !option.choices.isEmpty, !option.choices.contains(value) {
            let list = option.choices.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError("the value '\(value)' is invalid for '\(option.usage)'; use one of \(list)", spec: spec)
        }
        if option.kind == .value, values[name] != nil {
            throw UsageError("'--\(name)' is given more than once", spec: spec)
        }
        values[name, default: []].append(value)
    }

    /// The n-th positional argument (it exists: the parser checked the count).
    package func argument(_ index: Int) -> String { positionals[index] }

    /// The n-th argument after the required ones, if given.
    package func optionalArgument(_ index: Int) -> String? {
        let position = spec.arguments.count + index
        return position < positionals.count ? positionals[position] : nil
    }

    /// The value of a value option, if given.
    package func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeated option, in order.
    package func values(_ name: String) -> [String] { values[name] ?? [] }

    /// True when the flag was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an integer option, or `fallback` when it is not given.
    package func integer(_ name: String, default fallback: Int) throws(UsageError) -> Int {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text) else {
            throw UsageError("the value '\(text)' is invalid for '--\(name) <\(name)>'; it must be a whole number", spec: spec)
        }
        return number
    }
}

/// A command line that does not fit its command; reported with the command's usage, exit status 64.
package struct UsageError: Error {
    package var message: String
    package var spec: CommandSpec
    /// The commands under `spec`, for its usage line (an unknown command names them).
    package var subcommands: [CommandSpec]

    package init(_ message: String, spec: CommandSpec, subcommands: [CommandSpec] = []) {
        self.message = message
        self.spec = spec
        self.subcommands = subcommands
    }

    /// The message, the usage line and where to read more, as printed to standard error.
    package var text: String {
        "Error: \(message)\n\(HelpText.usage(spec, subcommands: subcommands))\n  See '\(spec.commandLine) --help' for more information."
    }
}
