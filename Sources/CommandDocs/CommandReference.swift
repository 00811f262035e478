/// A program's command table as its manual page and shell completions read it: commands,
/// arguments, options, exit statuses and environment. Each executable builds it from the same
/// table that drives its `--help`, so the page and the completions cannot drift from the parser.
package struct CommandReference: Sendable, Equatable {
    /// How the shell can complete an option's value or an argument.
    package enum ValueCompletion: Sendable, Equatable {
        /// Free text: nothing to offer.
        case none
        /// A path to a file (or a folder on the way to one).
        case file
        /// A path to a folder.
        case directory
        /// One of these words.
        case choices([String])
    }

    /// One option or flag of a command.
    package struct Option: Sendable, Equatable {
        /// The long name without dashes (`output-dir`).
        package var name: String
        /// The value's placeholder (`out`, `DIR`); nil for a flag.
        package var value: String?
        /// What the option does.
        package var help: String
        /// The option may be given several times.
        package var repeated: Bool
        /// How the value completes.
        package var completion: ValueCompletion

        /// An option; `value` nil makes it a flag.
        package init(name: String, value: String?, help: String, repeated: Bool = false, completion: ValueCompletion = .none) {
            (self.name, self.value, self.help, self.repeated, self.completion) = (name, value, help, repeated, completion)
        }
    }

    /// A positional argument.
    package struct Argument: Sendable, Equatable {
        /// Its placeholder (`file`).
        package var name: String
        /// What it is.
        package var help: String
        /// It may be left out.
        package var optional: Bool
        /// How it completes.
        package var completion: ValueCompletion

        /// An argument.
        package init(name: String, help: String, optional: Bool = false, completion: ValueCompletion = .none) {
            (self.name, self.help, self.optional, self.completion) = (name, help, optional, completion)
        }
    }

    /// One command of the program.
    package struct Command: Sendable, Equatable {
        /// The word that names it (`run`).
        package var name: String
        /// One sentence.
        package var abstract: String
        /// Longer text, if any.
        package var discussion: String?
        /// Its synopsis after the program's name, when the table spells one (`export --out DIR ...`);
        /// nil builds it from the arguments and options.
        package var synopsis: String?
        /// Its positional arguments, required ones first.
        package var arguments: [Argument]
        /// Its options and flags, in the order the help lists them.
        package var options: [Option]

        /// A command.
        package init(name: String, abstract: String, discussion: String? = nil, synopsis: String? = nil,
                     arguments: [Argument] = [], options: [Option] = []) {
            (self.name, self.abstract, self.discussion, self.synopsis) = (name, abstract, discussion, synopsis)
            (self.arguments, self.options) = (arguments, options)
        }
    }

    /// A word and what it means: an exit status, an environment variable.
    package struct Entry: Sendable, Equatable {
        /// The status or the variable's name.
        package var name: String
        /// What it means, one sentence or two.
        package var meaning: String

        /// An entry.
        package init(_ name: String, _ meaning: String) { (self.name, self.meaning) = (name, meaning) }
    }

    /// The program's name (`studyterm`).
    package var program: String
    /// One sentence.
    package var abstract: String
    /// Longer text, if any.
    package var discussion: String?
    /// The version, when the program has one.
    package var version: String?
    /// Options given before any command (`--help`, `--version`).
    package var options: [Option]
    /// The commands, in the order the help lists them.
    package var commands: [Command]
    /// The command run when the first word is an option or absent; nil when there is none.
    package var defaultCommand: String?
    /// Groups of two-word commands (`kiosk` of `kiosk doctor`): the first word and what the group is for.
    package var groups: [Entry]
    /// Exit statuses the table knows (empty: the page has no EXIT STATUS section).
    package var exitStatus: [Entry]
    /// Environment variables the program reads (empty: no ENVIRONMENT section).
    package var environment: [Entry]

    /// A reference.
    package init(program: String, abstract: String, discussion: String? = nil, version: String? = nil,
                 options: [Option] = [], commands: [Command], defaultCommand: String? = nil, groups: [Entry] = [],
                 exitStatus: [Entry] = [], environment: [Entry] = []) {
        (self.program, self.abstract, self.discussion, self.version) = (program, abstract, discussion, version)
        (self.options, self.commands, self.defaultCommand, self.groups) = (options, commands, defaultCommand, groups)
        (self.exitStatus, self.environment) = (exitStatus, environment)
    }

    /// The words a command line starts with: each one-word command's name and each group's, in table order.
    package var firstWords: [String] {
        var out: [String] = []
        for command in commands {
            let first = String(command.name.prefix { $0 != " " })
            if !out.contains(first) { out.append(first) }
        }
        return out
    }

    /// The second words of a group's commands (`doctor` of `kiosk doctor`).
    package func members(of group: String) -> [Command] { commands.filter { $0.name.hasPrefix(group + " ") } }

    /// The command named `name`.
    package func command(named name: String) -> Command? { commands.first { $0.name == name } }
}
