/// A `studyterm` command: its spec, how it is made from a checked command line, and what it does.
/// It throws what goes wrong (``CLIError``, ``ProcessEnd``); the executable's one place turns that
/// into a message and an exit status.
package protocol StudyTermCommand: Sendable {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run() throws
}

/// The version written into every result's metadata and printed by `--version`.
package enum StudyTermVersion {
    package static let current = "0.1.0"
}
