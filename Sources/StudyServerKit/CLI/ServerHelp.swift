import Foundation

/// The command line's help texts.
enum ServerHelp {
    /// Every command, one line each.
    static let usage = """
        usage: studyterm-server [serve] --study DIR [--database URL] [--host H] [--port P] [--tls-cert PEM --tls-key PEM]
                                [--registration-burst N] [--registrations-per-minute N] [--max-body-mib N] [--trust-forwarded-for]
                                [--head-timeout S] [--idle-timeout S] [--max-connections N] [--max-connections-per-address N]
               studyterm-server publish --study DIR [--database URL]
               studyterm-server tokens --count N (--study DIR | --database URL)
               studyterm-server status (--study DIR | --database URL)
               studyterm-server export [--format json|csv|fhir]... --out DIR [--participant P] (--study DIR | --database URL)
               studyterm-server message (--to P | --all) TEXT (--study DIR | --database URL)
        --database is a postgres:// URL or a SQLite file; without it, --study DIR uses DIR/studyterm-server.sqlite.
        Keep PostgreSQL passwords off the command line: PGPASSWORD, ~/.pgpass (or PGPASSFILE), a URL in a 0600 file
        (--database-url-file FILE) or in STUDYTERM_DATABASE_URL.
        Staff commands open the database directly; there is no admin HTTP API.
        """

    /// Help for one command (or all).
    static func text(for command: String?) -> String {
        switch command {
        case "serve":
            return "studyterm-server serve: publishes --study DIR (when given) and serves the study API until SIGTERM or SIGINT.\n\n" + usage
        case "tokens":
            return "studyterm-server tokens --count N: prints N new single-use registration tokens, one a line; only their SHA-256 is stored.\n\n" + usage
        case "status":
            return "studyterm-server status: the study in force, the tokens, and each participant's registration, consent, results and last contact.\n\n" + usage
        case "export":
            return "studyterm-server export: results.json, answers.csv and fhir.ndjson over every participant, as the app writes them.\n\n" + usage
        case "message":
            return "studyterm-server message: puts TEXT in one participant's inbox (--to) or in every inbox of those who have not withdrawn (--all).\n\n" + usage
        case "publish":
            return "studyterm-server publish: checks the study folder and makes it the version in force for every server on the database.\n\n" + usage
        default:
            return usage
        }
    }
}
