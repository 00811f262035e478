import TUIKit

/// The `--help` text of a command, and the short usage shown with a usage error.
package enum HelpText {
    /// Columns the help is wrapped to.
    package static let width = 80
    /// Where descriptions start.
    package static let column = 26

    /// `USAGE: studyterm run <file> [--out <out>] ...`
    package static func usage(_ spec: CommandSpec, subcommands: [CommandSpec] = []) -> String {
        var words = [spec.commandLine]
        if !subcommands.isEmpty { words.append("<subcommand>") }
        words += spec.arguments.map { "<\($0.name)>" } + spec.optionalArguments.map { "[<\($0.name)>]" }
        words += spec.options.map { $0.kind == .repeated ? "[\($0.usage) ...]" : "[\($0.usage)]" }
        return "USAGE: " + words.joined(separator: " ")
    }

    /// The whole help page: overview, usage, arguments, options and subcommands.
    package static func page(_ spec: CommandSpec, subcommands: [CommandSpec] = [], defaultSubcommand: String? = nil,
                     version: Bool = false) -> String {
        var out = ["OVERVIEW: " + spec.abstract, ""]
        if let discussion = spec.discussion { out += wrap(discussion, indent: 0) + [""] }
        out += [usage(spec, subcommands: subcommands), ""]
        if !(spec.arguments.isEmpty && spec.optionalArguments.isEmpty) {
            out.append("ARGUMENTS:")
            out += (spec.arguments + spec.optionalArguments).flatMap { entry("<\($0.name)>", $0.help) }
            out.append("")
        }
        out.append("OPTIONS:")
        out += spec.options.flatMap { entry($0.usage, $0.help) }
        if version { out += entry("--version", "Show the version.") }
        out += entry("-h, --help", "Show help information.")
        if !subcommands.isEmpty {
            out += ["", "SUBCOMMANDS:"]
            for sub in subcommands {
                let name = (sub.path.last ?? "") + (sub.path.last == defaultSubcommand ? " (default)" : "")
                out += entry(name, sub.abstract)
            }
            let helpCommand = (["studyterm", "help"] + spec.path + ["<subcommand>"]).joined(separator: " ")
            out += ["", "  See '\(helpCommand)' for detailed help."]
        }
        return out.joined(separator: "\n")
    }

    /// A name and its description, the description wrapped in its column.
    private static func entry(_ name: String, _ help: String) -> [String] {
        let lead = "  " + name
        var lines = wrap(help, indent: column)
        if lead.count + 2 <= column {
            lines[0] = lead + String(repeating: " ", count: column - lead.count) + lines[0].dropFirst(column)
        } else {
            lines.insert(lead, at: 0)
        }
        return lines
    }

    /// `text` wrapped to ``width`` with every line indented by `indent` spaces.
    private static func wrap(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return TextWidth.wrap(text, width: width - indent).map { pad + $0 }
    }
}
