import Foundation

/// The manual page (man(7) troff) of a ``CommandReference``: NAME, SYNOPSIS, DESCRIPTION,
/// COMMANDS, OPTIONS per command, and EXIT STATUS and ENVIRONMENT when the table knows them.
package enum ManualPage {
    /// The page's troff source, for `man -l -` or a `man1` folder.
    package static func troff(_ reference: CommandReference, section: Int = 1) -> String {
        let program = reference.program
        let title = [reference.program.uppercased(), "\(section)", "",
                     [program, reference.version].compactMap { $0 }.joined(separator: " "), "User Commands"]
        // No hyphenation and a ragged right: names and paths stay whole, as they are typed.
        var out = [".TH " + title.map { "\"\(Troff.escape($0))\"" }.joined(separator: " "), ".nh", ".ad l"]
        out += [".SH NAME", "\(Troff.literal(program)) \\- \(Troff.escape(sentence(reference.abstract)))"]
        out += synopsis(reference)
        out += [".SH DESCRIPTION"] + Troff.lines(reference.abstract)
        if let discussion = reference.discussion { out += [".PP"] + Troff.lines(discussion) }
        out += commands(reference)
        out += options(reference)
        if !reference.exitStatus.isEmpty {
            out.append(".SH EXIT STATUS")
            out += reference.exitStatus.flatMap { entry("\\fB\(Troff.literal($0.name))\\fR", $0.meaning) }
        }
        if !reference.environment.isEmpty {
            out.append(".SH ENVIRONMENT")
            out += reference.environment.flatMap { entry("\\fB\(Troff.literal($0.name))\\fR", $0.meaning) }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// One synopsis paragraph per command, in table order.
    private static func synopsis(_ reference: CommandReference) -> [String] {
        var out = [".SH SYNOPSIS"]
        let lead = "\\fB\(Troff.literal(reference.program))\\fR"
        if reference.defaultCommand == nil { out += [".PP", lead + " \\fIcommand\\fR [\\fIoptions\\fR]"] }
        for command in reference.commands {
            let name = lead + " \\fB\(Troff.literal(command.name))\\fR"
            let rest = command.synopsis.map { Troff.escape($0) } ?? words(command).joined(separator: " ")
            out += [".PP", Troff.guarded(name + (rest.isEmpty ? "" : " " + rest))]
        }
        return out
    }

    /// A command's arguments and options as synopsis words.
    private static func words(_ command: CommandReference.Command) -> [String] {
        let arguments = command.arguments.map { $0.optional ? "[\\fI\(Troff.escape($0.name))\\fR]" : "\\fI\(Troff.escape($0.name))\\fR" }
        let options = command.options.map { "[" + usage($0) + "]" + ($0.repeated ? "..." : "") }
        return arguments + options
    }

    /// `\fB\-\-out\fR\ \fIout\fR` (an unbreakable space: the value stays on its option's line)
    private static func usage(_ option: CommandReference.Option) -> String {
        "\\fB\\-\\-\(Troff.literal(option.name))\\fR" + (option.value.map { "\\ \\fI\(Troff.escape($0))\\fR" } ?? "")
    }

    /// The COMMANDS section: each command's name, arguments, abstract and discussion.
    private static func commands(_ reference: CommandReference) -> [String] {
        var out = [".SH COMMANDS"]
        for command in reference.commands {
            var tag = "\\fB\(Troff.literal(command.name))\\fR"
            tag += command.arguments.map { $0.optional ? " [\\fI\(Troff.escape($0.name))\\fR]" : " \\fI\(Troff.escape($0.name))\\fR" }.joined()
            var text = command.abstract
            if command.name == reference.defaultCommand, !text.lowercased().contains("default command") {
                text += " (The default command.)"
            }
            out += entry(tag, text)
            if let discussion = command.discussion { out += [".IP"] + Troff.lines(discussion, paragraph: ".IP") }
        }
        return out
    }

    /// The OPTIONS section: the program's own, then one subsection per command.
    private static func options(_ reference: CommandReference) -> [String] {
        var out = [".SH OPTIONS"]
        out.append("Every command also takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR, which prints its help.")
        if !reference.options.isEmpty {
            out += [".SS \"\(Troff.escape(reference.program))\""]
            out += reference.options.flatMap { entry(usage($0), $0.help) }
        }
        for command in reference.commands where !(command.options.isEmpty && command.arguments.isEmpty) {
            out.append(".SS \"\(Troff.escape(reference.program + " " + command.name))\"")
            for argument in command.arguments {
                out += entry("\\fI\(Troff.escape(argument.name))\\fR", argument.help)
            }
            for option in command.options {
                var help = option.help
                if case .choices(let words) = option.completion, !words.isEmpty, !words.allSatisfy(help.contains) {
                    help += " One of: " + words.joined(separator: ", ") + "."
                }
                out += entry(usage(option) + (option.repeated ? " ..." : ""), help)
            }
        }
        return out
    }

    /// A `.TP` list entry: the tag line (already troff), then the text.
    private static func entry(_ tag: String, _ text: String) -> [String] {
        [".TP", Troff.guarded(tag)] + Troff.lines(text, paragraph: ".IP")
    }

    /// The abstract without its final period, as NAME lines read.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
