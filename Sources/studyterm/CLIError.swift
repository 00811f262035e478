import Foundation

/// An error the CLI reports as one clear message and an exit code. Helpers throw it; only
/// ``StudyTerm/end(_:)`` turns it into text on standard error and the process's exit status.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var code: Int32

    /// Exit codes shared by the commands (the README lists them).
    enum Code {
        /// The task file has errors.
        static let invalidFile: Int32 = 1
        /// A scripted run or a restore could not go on.
        static let runStopped: Int32 = 3
        /// A file could not be written.
        static let cannotWrite: Int32 = 4
        /// The command line is wrong (EX_USAGE).
        static let usage: Int32 = 64
    }

    var description: String { message }

}

/// The command is over with this exit status and has said what there is to say (a run's ending,
/// a journey ended by a signal: 128 + its number). Thrown like an error so that, as for errors,
/// one place ends the process.
struct ProcessEnd: Error {
    var status: Int32
}
