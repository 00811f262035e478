import CommandDocs

/// The `help` command: a command's help page, the manual page, or a shell's completion script,
/// all read from the program's command table.
extension CommandLineProgram {
    /// `help [<command>] [--man] [--completion bash|zsh]`, listed with the other commands.
    package var helpSpec: CommandSpec {
        CommandSpec(
            program: root.program, path: ["help"],
            abstract: "Show help for a command, or print the manual page or a shell's completion script.",
            discussion: """
                To install both: \(root.program) help --man > ~/.local/share/man/man1/\(root.program).1 and \
                \(root.program) help --completion bash > ~/.local/share/bash-completion/completions/\(root.program).
                """,
            optionalArguments: [("command", "The command to describe."), ("subcommand", "The command of a group to describe (help kiosk doctor).")],
            argumentCompletion: ["command": .command],
            options: [
                .flag("man", "Print the manual page (troff) of every command; read it with man -l."),
                .value("completion", "Print the completion script for this shell.",
                       choices: ShellCompletion.Shell.allCases.map(\.rawValue)),
            ])
    }

    /// Runs `help` with the words after it.
    func runHelp(_ words: [String]) throws {
        let parsed = try ParsedArguments(words, spec: helpSpec)
        if parsed.wantsHelp { return Console.out(HelpText.page(helpSpec)) }
        if parsed.flag("man") { return Console.out(trimmed(ManualPage.troff(reference))) }
        if let shell = parsed.value("completion").flatMap(ShellCompletion.Shell.init(rawValue:)) {
            return Console.out(trimmed(ShellCompletion.script(reference, shell: shell)))
        }
        guard let name = parsed.optionalArgument(0) else { return Console.out(help) }
        let path = [name] + (parsed.optionalArgument(1).map { [$0] } ?? [])
        guard specs.contains(where: { $0.path == path }) || groups.contains(where: { $0.path == path }) else {
            throw UsageError("unknown command '\(path.joined(separator: " "))'", spec: helpSpec)
        }
        Console.out(help(for: path))
    }

    /// The command table as the manual page and the completions read it.
    package var reference: CommandReference {
        CommandReference(
            program: root.program, abstract: root.abstract, discussion: root.discussion, version: version,
            options: [.init(name: "help", value: nil, help: "Show help information.")]
                + (version == nil ? [] : [.init(name: "version", value: nil, help: "Show the version.")]),
            commands: specs.map(command), defaultCommand: defaultCommand?.spec.path.last,
            groups: groups.map { .init($0.path.joined(separator: " "), $0.abstract) },
            exitStatus: root.exitStatus.map { .init($0.status, $0.meaning) },
            environment: root.environment.map { .init($0.name, $0.meaning) })
    }

    /// One spec as a reference command.
    private func command(_ spec: CommandSpec) -> CommandReference.Command {
        let required = spec.arguments.map { (argument: $0, optional: false) }
        let optional = spec.optionalArguments.map { (argument: $0, optional: true) }
        return CommandReference.Command(
            name: spec.path.joined(separator: " "), abstract: spec.abstract, discussion: spec.discussion,
            arguments: (required + optional).map { entry in
                .init(name: entry.argument.name, help: entry.argument.help, optional: entry.optional,
                      completion: completion(spec.argumentCompletion[entry.argument.name] ?? .text, choices: []))
            },
            options: spec.options.map { option in
                .init(name: option.name, value: option.kind == .flag ? nil : option.name, help: option.help,
                      repeated: option.kind == .repeated, completion: completion(option.completes, choices: option.choices))
            })
    }

    /// How a value completes: its choices when it has some, else what it is.
    private func completion(_ kind: CommandSpec.Completion, choices: [String]) -> CommandReference.ValueCompletion {
        if !choices.isEmpty { return .choices(choices) }
        switch kind {
        case .text: return .none
        case .file: return .file
        case .directory: return .directory
        case .command: return .choices(listed.compactMap { $0.path.first })
        }
    }

    /// `text` without its last newline (``Console/out(_:)`` adds one).
    private func trimmed(_ text: String) -> String { text.hasSuffix("\n") ? String(text.dropLast()) : text }
}
