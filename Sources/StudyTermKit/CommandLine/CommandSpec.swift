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
        /// What its value is, for shell completion (choices complete as themselves).
        package var completes: Completion = .text

        package static func flag(_ name: String, _ help: String) -> Option { Option(name: name, kind: .flag, help: help) }
        package static func value(_ name: String, _ help: String, choices: [String] = [], completes: Completion = .text) -> Option {
            Option(name: name, kind: .value, help: help, choices: choices, completes: completes)
        }
        package static func repeated(_ name: String, _ help: String, choices: [String] = [], completes: Completion = .text) -> Option {
            Option(name: name, kind: .repeated, help: help, choices: choices, completes: completes)
        }

        /// `--name` or `--name <name>` as usage and help show it.
        package var usage: String { kind == .flag ? "--\(name)" : "--\(name) <\(name)>" }
    }

    /// What a value or argument is, so a shell can complete it.
    package enum Completion: Sendable, Equatable {
        /// Free text.
        case text
        /// A file's path.
        case file
        /// A folder's path.
        case directory
        /// The name of one of the program's commands.
        case command
    }

    /// The program the command belongs to: `studyterm`, or `studyterm-bench` for the benchmarks.
    package var program: String
    /// The words that name the command after the program (`["run"]`; empty for the root).
    package var path: [String]
    package var abstract: String
    package var discussion: String?
    /// Required positional arguments, in order: name and help.
    package var arguments: [(name: String, help: String)] = []
    /// Positional arguments that may be left out, after the required ones: name and help.
    package var optionalArguments: [(name: String, help: String)] = []
    /// What each argument is, by name, for shell completion (unnamed: free text).
    package var argumentCompletion: [String: Completion] = [:]
    package var options: [Option] = []
    /// Exit statuses and what they mean, for the manual page (the root's: the program's).
    package var exitStatus: [(status: String, meaning: String)] = []
    /// Environment variables read and what they do, for the manual page (on the root).
    package var environment: [(name: String, meaning: String)] = []

    /// A command of `program` named by `path`.
    package init(program: String = "studyterm", path: [String], abstract: String, discussion: String? = nil,
                 arguments: [(name: String, help: String)] = [], optionalArguments: [(name: String, help: String)] = [],
                 argumentCompletion: [String: Completion] = [:], options: [Option] = [],
                 exitStatus: [(status: String, meaning: String)] = [], environment: [(name: String, meaning: String)] = []) {
        (self.program, self.path, self.abstract, self.discussion) = (program, path, abstract, discussion)
        (self.arguments, self.optionalArguments, self.argumentCompletion) = (arguments, optionalArguments, argumentCompletion)
        (self.options, self.exitStatus, self.environment) = (options, exitStatus, environment)
    }

    /// `studyterm run`, `studyterm-bench core`.
    package var commandLine: String { ([program] + path).joined(separator: " ") }

    package func option(named name: String) -> Option? { options.first { $0.name == name } }
}
