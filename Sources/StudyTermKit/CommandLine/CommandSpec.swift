/// What a command accepts and how its help describes it: the one declaration the parser and the
/// help text both read.
package struct CommandSpec: Sendable {
    /// One option or flag.
    package struct Option: Sendable {
        /// A flag takes no value; a value option takes one; a repeated option may be given several times.
        package enum Kind: Sendable, Equatable { case flag, value, repeated }

        /// The long name without dashes (`output-dir`).
        package var name: String
        package var kind: Kind
        package var help: String
        /// Values the option accepts (empty: any).
        package var choices: [String] = []

        package static func flag(_ name: String, _ help: String) -> Option { Option(name: name, kind: .flag, help: help) }
        package static func value(_ name: String, _ help: String, choices: [String] = []) -> Option {
            Option(name: name, kind: .value, help: help, choices: choices)
        }
        package static func repeated(_ name: String, _ help: String, choices: [String] = []) -> Option {
            Option(name: name, kind: .repeated, help: help, choices: choices)
        }

        /// `--name` or `--name <name>` as usage and help show it.
        package var usage: String { kind == .flag ? "--\(name)" : "--\(name) <\(name)>" }
    }

    /// The program the command belongs to: `studyterm`, or `studyterm-bench` for the benchmarks.
    package var program: String
    /// The words that name the command after the program (`["run"]`; empty for the root).
    package var path: [String]
    package var abstract: String
    package var discussion: String?
    /// Required positional arguments, in order: name and help.
    package var arguments: [(name: String, help: String)] = []
    package var options: [Option] = []

    /// A command of `program` named by `path`.
    package init(program: String = "studyterm", path: [String], abstract: String, discussion: String? = nil,
                 arguments: [(name: String, help: String)] = [], options: [Option] = []) {
        (self.program, self.path, self.abstract, self.discussion) = (program, path, abstract, discussion)
        (self.arguments, self.options) = (arguments, options)
    }

    /// `studyterm run`, `studyterm-bench core`.
    package var commandLine: String { ([program] + path).joined(separator: " ") }

    package func option(named name: String) -> Option? { options.first { $0.name == name } }
}
