/// What a command accepts and how its help describes it: the one declaration the parser and the
/// help text both read.
struct CommandSpec: Sendable {
    /// One option or flag.
    struct Option: Sendable {
        /// A flag takes no value; a value option takes one; a repeated option may be given several times.
        enum Kind: Sendable, Equatable { case flag, value, repeated }

        /// The long name without dashes (`output-dir`).
        var name: String
        var kind: Kind
        var help: String
        /// Values the option accepts (empty: any).
        var choices: [String] = []

        static func flag(_ name: String, _ help: String) -> Option { Option(name: name, kind: .flag, help: help) }
        static func value(_ name: String, _ help: String, choices: [String] = []) -> Option {
            Option(name: name, kind: .value, help: help, choices: choices)
        }
        static func repeated(_ name: String, _ help: String, choices: [String] = []) -> Option {
            Option(name: name, kind: .repeated, help: help, choices: choices)
        }

        /// `--name` or `--name <name>` as usage and help show it.
        var usage: String { kind == .flag ? "--\(name)" : "--\(name) <\(name)>" }
    }

    /// The words that name the command after `studyterm` (`["bench", "core"]`; empty for the root).
    var path: [String]
    var abstract: String
    var discussion: String?
    /// Required positional arguments, in order: name and help.
    var arguments: [(name: String, help: String)] = []
    var options: [Option] = []

    /// `studyterm run`, `studyterm bench core`.
    var commandLine: String { (["studyterm"] + path).joined(separator: " ") }

    func option(named name: String) -> Option? { options.first { $0.name == name } }
}
