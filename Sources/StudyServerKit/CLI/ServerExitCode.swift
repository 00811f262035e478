import Foundation

/// `studyterm-server`'s exit codes (README, "Running a study").
public enum ServerExitCode: Int32, Sendable {
    /// Success.
    case success = 0
    /// The study folder has errors.
    case invalidStudy = 1
    /// A participant or message named does not exist.
    case notFound = 2
    /// An output file cannot be written.
    case cannotWrite = 4
    /// The database cannot be opened or used.
    case databaseUnavailable = 5
    /// The server cannot listen (address in use, TLS files).
    case cannotListen = 6
    /// The command line is wrong.
    case usage = 64
}

/// A failure of a staff command or the server, with its exit code: the one place errors become messages.
struct ServerFailure: Error, CustomStringConvertible {
    /// The sentence printed.
    let description: String
    /// The exit code.
    let code: ServerExitCode

    /// A failure.
    init(_ description: String, code: ServerExitCode) {
        self.description = description
        self.code = code
    }
}
