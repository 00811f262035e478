import Foundation

/// The zsh completion script of a ``CommandReference`` (a `#compdef` file for `fpath`).
enum ZshCompletion {
    /// The script: a `#compdef` function that describes commands and runs `_arguments` per command.
    static func script(_ reference: CommandReference) -> String {
        let program = reference.program
        let function = ShellCompletion.functionName(program)
        var out = [
            "#compdef \(program)",
            "# zsh completion for \(program), generated from its command table by `\(program) help --completion zsh`.",
            "\(function)() {",
            "    local -a commands",
            "    commands=(",
        ]
        out += reference.firstWords.map { word in
            let abstract = reference.groups.first { $0.name == word }?.meaning ?? reference.command(named: word)?.abstract ?? ""
            return "        " + ShellCompletion.quoted(describe(word) + ":" + ShellCompletion.firstSentence(abstract))
        }
        out += [
            "    )",
            "    if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then",
            "        _describe -t commands \(ShellCompletion.quoted(program + " command")) commands",
            "        return",
            "    fi",
            "    local command=$words[2]",
            "    if [[ $command == -* ]]; then",
            "        command=\(reference.defaultCommand ?? "")",
            "    else",
            "        shift words",
            "        (( CURRENT-- ))",
            "    fi",
        ]
        for group in reference.groups {
            out += ["    if [[ $command == \(group.name) ]]; then", "        if (( CURRENT == 2 )); then", "            local -a subcommands", "            subcommands=("]
            out += reference.members(of: group.name).map { command in
                let word = String(command.name.dropFirst(group.name.count + 1))
                return "                " + ShellCompletion.quoted(describe(word) + ":" + ShellCompletion.firstSentence(command.abstract))
            }
            out += [
                "            )",
                "            _describe -t commands \(ShellCompletion.quoted(program + " " + group.name + " command")) subcommands",
                "            return",
                "        fi",
                "        command=\"\(group.name) $words[2]\"",
                "        shift words",
                "        (( CURRENT-- ))",
                "    fi",
            ]
        }
        out.append("    case $command in")
        if reference.defaultCommand == nil {
            out += ["    ('')", "        _arguments -s \\"] + specs(reference.options, [])
            out.append("        ;;")
        }
        for command in reference.commands {
            let root = command.name == reference.defaultCommand ? reference.options : []
            out += ["    (\(ShellCompletion.quoted(command.name)))", "        _arguments -s \\"] + specs(command.options + root, command.arguments)
            out.append("        ;;")
        }
        out += ["    esac", "}", "\(function) \"$@\""]
        return out.joined(separator: "\n") + "\n"
    }

    /// `_arguments` specs, one a line, each continued with a backslash but the last.
    private static func specs(_ options: [CommandReference.Option], _ arguments: [CommandReference.Argument]) -> [String] {
        var specs = options.filter { $0.name != "help" }.map(spec)
        specs.append("'(- *)'{-h,--help}'[Show help information.]'")
        for argument in arguments {
            let colon = argument.optional ? "::" : ":"
            specs.append(ShellCompletion.quoted(colon + describe(argument.name) + ":" + action(argument.completion)))
        }
        return specs.enumerated().map { "            " + $0.element + ($0.offset == specs.count - 1 ? "" : " \\") }
    }

    /// One option's spec: `'*--context=[help]:context:_files'`.
    private static func spec(_ option: CommandReference.Option) -> String {
        let help = "[" + bracketed(ShellCompletion.firstSentence(option.help)) + "]"
        let name = (option.repeated ? "*" : "") + "--" + option.name
        guard let value = option.value else { return ShellCompletion.quoted(name + help) }
        return ShellCompletion.quoted(name + "=" + help + ":" + describe(value) + ":" + action(option.completion))
    }

    /// The action that completes a value.
    private static func action(_ completion: CommandReference.ValueCompletion) -> String {
        switch completion {
        case .none: " "
        case .file: "_files"
        case .directory: "_files -/"
        case .choices(let words): "(" + words.joined(separator: " ") + ")"
        }
    }

    /// A name or message with its colons escaped.
    private static func describe(_ text: String) -> String { text.replacingOccurrences(of: ":", with: "\\:") }

    /// Help text for inside `[...]`: brackets escaped.
    private static func bracketed(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
}
