import Foundation

/// A program's commands and how words choose one: `--version`, `--help`, `help COMMAND`, a
/// command by name, or the default command. Shared by `studyterm` and `studyterm-bench`. It prints
/// help and runs commands; what goes wrong is thrown (``UsageError``, ``CLIError``, ``ProcessEnd``)
/// to the executable, which alone ends the process.
package struct CommandLineProgram: Sendable {
    /// The program's own spec (its name and abstract).
    package var root: CommandSpec
    /// Its commands, named by their specs' paths.
    package var commands: [any StudyTermCommand.Type]
    /// Groups of commands named by two words (`kiosk`), each a spec whose path is the first word;
    /// their commands are in ``commands`` with two-word paths.
    package var groups: [CommandSpec]
    /// The command run when the words name none; nil shows the help instead.
    package var defaultCommand: (any StudyTermCommand.Type)?
    /// What `--version` prints; nil when the program has no version option.
    package var version: String?

    package init(root: CommandSpec, commands: [any StudyTermCommand.Type], groups: [CommandSpec] = [],
                 defaultCommand: (any StudyTermCommand.Type)? = nil, version: String? = nil) {
        (self.root, self.commands, self.groups, self.defaultCommand, self.version) = (root, commands, groups, defaultCommand, version)
    }

    /// Does what the words ask.
    package func run(_ words: [String]) throws {
        let name = words.first ?? ""
        switch name {
        case "--version" where version != nil:
            Console.out(version ?? "")
        case "-h", "--help":
            Console.out(help)
        case "help":
            try runHelp(Array(words.dropFirst()))
        default:
            if let command = commands.first(where: { $0.spec.path.count > 1 && words.starts(with: $0.spec.path) })
                ?? commands.first(where: { $0.spec.path == [name] }) {
                // A group's word alone (`kiosk`) shows the group's help, even when a command has that path.
                if command.spec.path.count == 1, words.count == 1, let group = groups.first(where: { $0.path == [name] }) {
                    return Console.out(help(for: group.path))
                }
                return try execute(command, Array(words.dropFirst(command.spec.path.count)))
            }
            if let group = groups.first(where: { $0.path == [name] }) {
                let next = words.dropFirst().first
                if next == nil || next == "-h" || next == "--help" { return Console.out(help(for: group.path)) }
                throw UsageError("unknown command '\(name) \(next ?? "")'", spec: group, subcommands: members(of: group))
            }
            guard let defaultCommand, name.isEmpty || name.hasPrefix("-") else {
                if name.isEmpty { return Console.out(help) }
                throw UsageError("unknown command '\(name)'", spec: root, subcommands: specs)
            }
            try execute(defaultCommand, words)
        }
    }

    /// The program's help page: one-word commands and groups, in table order.
    package var help: String {
        HelpText.page(root, subcommands: listed, defaultSubcommand: defaultCommand?.spec.path.last, version: version != nil)
    }

    /// What the program's help page lists: each one-word command, and each group where its first command is.
    package var listed: [CommandSpec] {
        var out: [CommandSpec] = []
        for spec in specs {
            if spec.path.count == 1 { out.append(spec) }
            else if let group = groups.first(where: { $0.path.first == spec.path.first }), !out.contains(where: { $0.path == group.path }) {
                out.append(group)
            }
        }
        return out
    }

    /// The commands of a group, in table order.
    package func members(of group: CommandSpec) -> [CommandSpec] {
        specs.filter { $0.path.count > 1 && $0.path.first == group.path.first }
    }

    /// Every command's spec in table order, `help` last: what the manual page and the completions
    /// list (the help page lists ``listed``).
    package var specs: [CommandSpec] { commands.map { $0.spec } + [helpSpec] }

    /// `help [COMMAND [SUBCOMMAND]]`.
    package func help(for path: [String]) -> String {
        if let group = groups.first(where: { $0.path == path }) { return HelpText.page(group, subcommands: members(of: group)) }
        guard let spec = specs.first(where: { $0.path == path }) else { return help }
        return HelpText.page(spec)
    }

    /// Parses the words for `command` and runs it.
    private func execute(_ command: any StudyTermCommand.Type, _ words: [String]) throws {
        let parsed = try ParsedArguments(words, spec: command.spec)
        if parsed.wantsHelp { return Console.out(HelpText.page(command.spec)) }
        try command.init(parsed).run()
    }

    /// Says what went wrong on standard error and returns the exit status it stands for: a usage
    /// error its usage line and 64, a ``CLIError`` its message and code, a ``ProcessEnd`` nothing
    /// and its status, anything else its description and 1. The executable exits with it.
    package func report(_ error: any Error) -> Int32 {
        let name = root.program
        switch error {
        case let error as UsageError:
            Console.err(error.text)
            return CLIError.Code.usage
        case let error as CLIError:
            Console.err("\(name): \(error.message)")
            return error.code
        case let end as ProcessEnd:
            return end.status
        default:
            Console.err("\(name): \(error)")
            return 1
        }
    }
}
