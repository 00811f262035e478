import Foundation

/// `studyterm-server`'s exit codes (README, "Running a study").
public enum ServerExitCode: Int32, Sendable, CaseIterable {
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

    /// What the status means, as the manual page's EXIT STATUS says it.
    var meaning: String {
        switch self {
        case .success: "Success."
        case .invalidStudy: "The study folder has errors."
        case .notFound: "A participant or message named does not exist."
        case .cannotWrite: "An output file cannot be written."
        case .databaseUnavailable: "The database cannot be opened or used."
        case .cannotListen: "The server cannot listen (address in use, TLS files), or another failure."
        case .usage: "The command line is wrong (EX_USAGE)."
        }
    }
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
