import Foundation

/// The bash completion script of a ``CommandReference`` (`complete -F`).
enum BashCompletion {
    /// The script: one function and its `complete` line.
    static func script(_ reference: CommandReference) -> String {
        let program = reference.program
        let function = ShellCompletion.functionName(program)
        let defaultOptions = reference.defaultCommand.flatMap(reference.command(named:))?.options ?? []
        let firstOptions = ShellCompletion.optionWords(reference.options + defaultOptions)
        var out = [
            "# bash completion for \(program), generated from its command table by `\(program) help --completion bash`.",
            "\(function)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]}",
            "    # --name=value: bash splits the word at '='",
            "    if [[ $cur == = ]]; then cur=\"\"; elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi",
            "    if (( COMP_CWORD == 1 )); then",
            "        if [[ $cur == -* ]]; then",
            "            mapfile -t COMPREPLY < <(compgen -W \(words(firstOptions)) -- \"$cur\")",
            "        else",
            "            mapfile -t COMPREPLY < <(compgen -W \(words(reference.firstWords)) -- \"$cur\")",
            "        fi",
            "        return 0",
            "    fi",
        ]
        if let defaultCommand = reference.defaultCommand {
            out.append("    [[ $command == -* ]] && command=\(defaultCommand)")
        }
        for group in reference.groups {
            let members = reference.members(of: group.name).map { String($0.name.dropFirst(group.name.count + 1)) }
            out += [
                "    if [[ $command == \(group.name) ]]; then",
                "        if (( COMP_CWORD == 2 )); then",
                "            mapfile -t COMPREPLY < <(compgen -W \(words(members)) -- \"$cur\")",
                "            return 0",
                "        fi",
                "        command=\"\(group.name) ${COMP_WORDS[2]}\"",
                "    fi",
            ]
        }
        out.append("    case $command in")
        for command in reference.commands {
            out.append("    \(ShellCompletion.quoted(command.name)))")
            out += body(command, rootOptions: command.name == reference.defaultCommand ? reference.options : [])
            out.append("        ;;")
        }
        out += ["    esac", "    return 0", "}", "complete -F \(function) \(program)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// The lines that complete one command's words.
    private static func body(_ command: CommandReference.Command, rootOptions: [CommandReference.Option]) -> [String] {
        var out: [String] = []
        let valued = command.options.filter { $0.value != nil }
        if !valued.isEmpty {
            out.append("        case $prev in")
            for option in valued {
                out.append("        --\(option.name)) \(reply(option.completion)) return 0 ;;")
            }
            out.append("        esac")
        }
        let positional = command.arguments.first { $0.completion != .none }?.completion ?? .none
        out += [
            "        if [[ $cur == -* ]]; then",
            "            mapfile -t COMPREPLY < <(compgen -W \(words(ShellCompletion.optionWords(command.options + rootOptions))) -- \"$cur\")",
        ]
        if positional != .none {
            out += ["        else", "            \(reply(positional))"]
        }
        out.append("        fi")
        return out
    }

    /// The command that fills COMPREPLY for a value.
    private static func reply(_ completion: CommandReference.ValueCompletion) -> String {
        switch completion {
        case .none: ""
        case .file: "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\");"
        case .directory: "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\");"
        case .choices(let choices): "mapfile -t COMPREPLY < <(compgen -W \(words(choices)) -- \"$cur\");"
        }
    }

    /// A word list for `compgen -W`, quoted.
    private static func words(_ list: [String]) -> String { ShellCompletion.quoted(list.joined(separator: " ")) }
}
