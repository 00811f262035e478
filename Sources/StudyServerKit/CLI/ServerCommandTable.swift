import CommandDocs

/// `studyterm-server`'s command table: what each command accepts. The parser's checks
/// (``ServerArguments/allow(command:)``), the help text, the manual page and the completions all read it.
enum ServerCommandTable {
    /// The program's name.
    static let program = "studyterm-server"

    /// The options several commands share.
    private static let study = CommandReference.Option(
        name: "study", value: "DIR", help: "The study folder (or its study.json); without --database its SQLite database is DIR/studyterm-server.sqlite.",
        completion: .directory)
    private static let database = CommandReference.Option(
        name: "database", value: "URL", help: "A postgres:// URL or a SQLite file.", completion: .file)
    private static let databaseURLFile = CommandReference.Option(
        name: "database-url-file", value: "FILE",
        help: "A file (mode 0600) that holds the database URL, so that no password is on the command line.", completion: .file)

    /// Every command, in the order the help lists them.
    static let commands: [CommandReference.Command] = {
        var commands = staffCommands
        let names = commands.map(\.name) + ["help"]
        commands.append(.init(
            name: "help", abstract: "Shows help for a command, or prints the manual page or a shell's completion script.",
            synopsis: "[COMMAND] [--man] [--completion bash|zsh]",
            arguments: [.init(name: "COMMAND", help: "The command to describe.", optional: true, completion: .choices(names))],
            options: [
                .init(name: "man", value: nil, help: "Print the manual page (troff); read it with man -l."),
                .init(name: "completion", value: "SHELL", help: "Print the completion script for this shell.",
                      completion: .choices(ShellCompletion.Shell.allCases.map(\.rawValue))),
            ]))
        return commands
    }()

    /// The server and the staff commands.
    private static let staffCommands: [CommandReference.Command] = [
        .init(name: "serve", abstract: "Publishes --study DIR (when given) and serves the study API until SIGTERM or SIGINT.",
              synopsis: "--study DIR [--database URL] [--host H] [--port P] [--tls-cert PEM --tls-key PEM] "
                  + "[--registration-burst N] [--registrations-per-minute N] [--max-body-mib N] [--trust-forwarded-for] "
                  + "[--head-timeout S] [--idle-timeout S] [--max-connections N] [--max-connections-per-address N]",
              options: [
                study, database, databaseURLFile,
                .init(name: "host", value: "H", help: "The address to listen on (default 127.0.0.1)."),
                .init(name: "port", value: "P", help: "The port to listen on, 0 to 65535 (default 8080)."),
                .init(name: "tls-cert", value: "PEM", help: "The TLS certificate chain (with --tls-key: serve HTTPS).", completion: .file),
                .init(name: "tls-key", value: "PEM", help: "The TLS private key (with --tls-cert).", completion: .file),
                .init(name: "registration-burst", value: "N", help: "Registrations allowed at once from one address."),
                .init(name: "registrations-per-minute", value: "N", help: "Registrations per minute from one address, after the burst."),
                .init(name: "max-body-mib", value: "N", help: "The largest results upload, in MiB (1 to 1024)."),
                .init(name: "trust-forwarded-for", value: nil, help: "Take the client's address from X-Forwarded-For (behind a proxy)."),
                .init(name: "head-timeout", value: "S", help: "Seconds a new connection has to send a whole request head (default 10)."),
                .init(name: "idle-timeout", value: "S", help: "Seconds a kept-alive connection may wait for its next request (default 75)."),
                .init(name: "max-connections", value: "N", help: "Connections open at once, in all (default 10000, lowered to fit the open-file limit)."),
                .init(name: "max-connections-per-address", value: "N", help: "Connections open at once from one client address (default 256)."),
              ]),
        .init(name: "publish", abstract: "Checks the study folder and makes it the version in force for every server on the database.",
              synopsis: "--study DIR [--database URL]", options: [study, database, databaseURLFile]),
        .init(name: "tokens", abstract: "Prints N new single-use registration tokens, one a line; only their SHA-256 is stored.",
              synopsis: "--count N (--study DIR | --database URL)",
              options: [.init(name: "count", value: "N", help: "How many tokens to make (1 to 100000)."), study, database, databaseURLFile]),
        .init(name: "status", abstract: "Prints the study in force, the tokens, and each participant's registration, consent, results and last contact.",
              synopsis: "(--study DIR | --database URL)", options: [study, database, databaseURLFile]),
        .init(name: "export", abstract: "Writes results.json, answers.csv and fhir.ndjson over every participant, as the app writes them.",
              synopsis: "[--format json|csv|fhir]... --out DIR [--participant P] (--study DIR | --database URL)",
              options: [
                .init(name: "format", value: "FORMAT", help: "json, csv or fhir; repeat for several (default: all three).",
                      repeated: true, completion: .choices(["json", "csv", "fhir"])),
                .init(name: "out", value: "DIR", help: "The folder to write into.", completion: .directory),
                .init(name: "participant", value: "P", help: "Only this participant's results."),
                study, database, databaseURLFile,
              ]),
        .init(name: "message", abstract: "Puts TEXT in one participant's inbox (--to) or in every inbox of those who have not withdrawn (--all).",
              synopsis: "(--to P | --all) TEXT (--study DIR | --database URL)",
              arguments: [.init(name: "TEXT", help: "The message.")],
              options: [
                .init(name: "to", value: "P", help: "The participant who gets it."),
                .init(name: "all", value: nil, help: "Everyone who has not withdrawn gets it."),
                study, database, databaseURLFile,
              ]),
    ]

    /// Lines the usage ends with.
    static let notes = """
        --database is a postgres:// URL or a SQLite file; without it, --study DIR uses DIR/studyterm-server.sqlite.
        Keep PostgreSQL passwords off the command line: PGPASSWORD, ~/.pgpass (or PGPASSFILE), a URL in a 0600 file
        (--database-url-file FILE) or in STUDYTERM_DATABASE_URL.
        Staff commands open the database directly; there is no admin HTTP API.
        """

    /// The table as the manual page and the completions read it.
    static let reference = CommandReference(
        program: program, abstract: "The StudyTerm study server and its staff commands.", discussion: notes,
        options: [.init(name: "help", value: nil, help: "Show help information.")],
        commands: commands, defaultCommand: "serve",
        exitStatus: ServerExitCode.allCases.map { .init("\($0.rawValue)", $0.meaning) })

    /// The command named `name`.
    static func command(_ name: String) -> CommandReference.Command? { commands.first { $0.name == name } }

    /// Every option that takes no value, in any command.
    static let flagNames = Set(["help"] + commands.flatMap { $0.options.filter { $0.value == nil }.map(\.name) })
}
