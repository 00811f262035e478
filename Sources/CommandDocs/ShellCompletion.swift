import Foundation

/// Shell completion scripts for a ``CommandReference``: commands, their options, the values an
/// option accepts when the table lists them, and paths where an option or argument takes one.
package enum ShellCompletion {
    /// A shell a script can be printed for.
    package enum Shell: String, CaseIterable, Sendable {
        /// GNU bash (a `complete -F` function), and zsh (a `#compdef` file).
        case bash, zsh
    }

    /// The script for `shell`.
    package static func script(_ reference: CommandReference, shell: Shell) -> String {
        switch shell {
        case .bash: BashCompletion.script(reference)
        case .zsh: ZshCompletion.script(reference)
        }
    }

    /// A shell function name for `program` (`_studyterm_server`).
    static func functionName(_ program: String) -> String {
        "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// `text` inside single quotes, safe for sh, bash and zsh.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The first sentence of `text`, for a one-line description.
    static func firstSentence(_ text: String) -> String {
        let line = text.split(separator: "\n").first.map(String.init) ?? text
        guard let end = line.range(of: ". ") else { return line }
        return String(line[..<end.lowerBound]) + "."
    }

    /// The options a command's word list offers: its own, then `--help`.
    static func optionWords(_ options: [CommandReference.Option]) -> [String] {
        var words = options.map { "--" + $0.name }
        if !words.contains("--help") { words.append("--help") }
        return words
    }
}
