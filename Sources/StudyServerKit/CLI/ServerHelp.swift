import Foundation

/// The command line's help texts, read from ``ServerCommandTable``.
enum ServerHelp {
    /// Every command, one line each, then the notes.
    static let usage: String = {
        let commands = ServerCommandTable.commands
        let lines = commands.enumerated().map { index, command in
            let lead = index == 0 ? "usage: " : "       "
            let name = command.name == ServerCommandTable.reference.defaultCommand ? "[\(command.name)]" : command.name
            return lead + "\(ServerCommandTable.program) \(name) \(command.synopsis ?? "")"
        }
        return (lines + [ServerCommandTable.notes]).joined(separator: "\n")
    }()

    /// Help for one command (or all).
    static func text(for command: String?) -> String {
        guard let command = command.flatMap(ServerCommandTable.command) else { return usage }
        return "\(ServerCommandTable.program) \(command.name): \(command.abstract)\n\n" + usage
    }
}
