import CommandDocs
import Foundation
import Logging
import ServerStore

/// `studyterm-server`: runs a command line and returns its exit code. Errors become one message
/// on standard error here, and nowhere else.
public enum ServerMain {
    /// Sends log lines to standard error (call once, before ``run(_:)``); standard output keeps
    /// what staff commands print (tokens, reports).
    public static func bootstrapLogging() {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
    }

    /// Runs `arguments` (without the program name). Every file and folder the process creates
    /// (the database and its `-wal`/`-shm`, exports) is its owner's alone: the mask is 077.
    public static func run(_ arguments: [String]) async -> Int32 {
        umask(0o077)
        do {
            let parsed = try ServerArguments(arguments)
            if parsed.command == "help", let page = try manual(parsed) {
                print(page, terminator: "")
                return ServerExitCode.success.rawValue
            }
            if parsed.flags.contains("help") || parsed.command == "help" {
                print(ServerHelp.text(for: parsed.command == "help" ? parsed.words.first : parsed.command))
                return ServerExitCode.success.rawValue
            }
            switch parsed.command {
            case "serve": try await ServeCommand(parsed).run()
            case "publish": try await PublishCommand(parsed).run()
            case "tokens": try await TokensCommand(parsed).run()
            case "status": try await StatusCommand(parsed).run()
            case "export": try await ServerExportCommand(parsed).run()
            case "message": try await MessageCommand(parsed).run()
            default: throw UsageError("unknown command \"\(parsed.command)\"")
            }
            return ServerExitCode.success.rawValue
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("studyterm-server: \(error)\n\n\(ServerHelp.usage)\n".utf8))
            return ServerExitCode.usage.rawValue
        } catch let error as ServerFailure {
            FileHandle.standardError.write(Data("studyterm-server: \(error)\n".utf8))
            return error.code.rawValue
        } catch let error as ServerStoreError {
            FileHandle.standardError.write(Data("studyterm-server: \(error)\n".utf8))
            return ServerExitCode.databaseUnavailable.rawValue
        } catch {
            FileHandle.standardError.write(Data("studyterm-server: \(error)\n".utf8))
            return ServerExitCode.cannotListen.rawValue
        }
    }

    /// What `help --man` or `help --completion SHELL` prints; nil for the other help requests.
    static func manual(_ arguments: ServerArguments) throws(UsageError) -> String? {
        try arguments.allow(command: "help")
        if arguments.flags.contains("man") { return ManualPage.troff(ServerCommandTable.reference) }
        guard let name = arguments.value("completion") else { return nil }
        guard let shell = ShellCompletion.Shell(rawValue: name) else {
            throw UsageError("--completion must be bash or zsh, not \"\(name)\"")
        }
        return ShellCompletion.script(ServerCommandTable.reference, shell: shell)
    }

    /// The database a command uses: `--database`, else the URL in the `--database-url-file` file,
    /// else `STUDYTERM_DATABASE_URL`, else `studyterm-server.sqlite` in the `--study` folder. A
    /// PostgreSQL URL without a password takes it from `PGPASSWORD` or the password file
    /// (``PostgresPassword``), so that no password needs to be on the command line.
    static func database(_ arguments: ServerArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerDatabase {
        let database: ServerDatabase
        if let text = try databaseText(arguments, environment: environment) {
            do { database = try ServerDatabase(text.value) } catch { throw UsageError("\(text.source): \(error)") }
        } else {
            guard let study = arguments.value("study") else {
                throw UsageError("\(arguments.command) needs --study DIR (its SQLite database), --database URL, --database-url-file FILE or STUDYTERM_DATABASE_URL")
            }
            database = .sqlite(path: (studyFolder(study) as NSString).appendingPathComponent(defaultDatabaseName))
        }
        guard case .postgres(let address) = database else { return database }
        let (resolved, warning) = PostgresPassword.resolve(address, environment: environment)
        if let warning { FileHandle.standardError.write(Data("studyterm-server: warning: \(warning)\n".utf8)) }
        return .postgres(resolved)
    }

    /// The database's address as given, and where it was given (for messages).
    static func databaseText(_ arguments: ServerArguments, environment: [String: String]) throws -> (value: String, source: String)? {
        if arguments.value("database") != nil, arguments.value("database-url-file") != nil {
            throw UsageError("give --database or --database-url-file, not both")
        }
        if let text = arguments.value("database") { return (text, "--database") }
        if let file = arguments.value("database-url-file") {
            var info = stat()
            guard stat(file, &info) == 0, let data = FileManager.default.contents(atPath: file),
                  let text = String(data: data, encoding: .utf8) else {
                throw ServerFailure("cannot read the database URL file \(file)", code: .databaseUnavailable)
            }
            guard info.st_mode & 0o077 == 0 else {
                throw ServerFailure("the database URL file \(file) is open to other users (mode \(String(info.st_mode & 0o777, radix: 8))); run chmod 600 on it",
                                    code: .databaseUnavailable)
            }
            let url = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !url.isEmpty else { throw ServerFailure("the database URL file \(file) is empty", code: .databaseUnavailable) }
            return (url, "--database-url-file \(file)")
        }
        if let text = environment["STUDYTERM_DATABASE_URL"], !text.isEmpty { return (text, "STUDYTERM_DATABASE_URL") }
        return nil
    }

    /// The embedded database's file name inside the study folder.
    static let defaultDatabaseName = "studyterm-server.sqlite"

    /// The folder of a `--study` value (a folder, or a `study.json` file).
    static func studyFolder(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        }
        return path
    }

    /// Opens the command's database; a failure says which and exits 5.
    static func open(_ arguments: ServerArguments) async throws -> any ServerStorage {
        try await open(try database(arguments))
    }

    /// Opens `database`; a failure says which and exits 5.
    static func open(_ database: ServerDatabase) async throws -> any ServerStorage {
        do { return try await database.open() } catch {
            throw ServerFailure("cannot open \(database.displayName): \(error)", code: .databaseUnavailable)
        }
    }

    /// Runs `body` with the command's database open, and closes it after.
    static func withStore<T>(_ arguments: ServerArguments, _ body: (any ServerStorage) async throws -> T) async throws -> T {
        let store = try await open(arguments)
        do {
            let value = try await body(store)
            await store.close()
            return value
        } catch {
            await store.close()
            throw error
        }
    }
}
