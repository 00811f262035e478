import Foundation

/// An error the CLI reports as one clear message and an exit code. Helpers throw it; only
/// `StudyTerm.end(_:)` in the executable turns it into text on standard error and the process's exit status.
package struct CLIError: Error, CustomStringConvertible {
    package var message: String
    package var code: Int32

    /// Exit codes shared by the commands (the README lists them).
    package enum Code {
        /// The task file has errors.
        package static let invalidFile: Int32 = 1
        /// A scripted run or a restore could not go on.
        package static let runStopped: Int32 = 3
        /// A file could not be written.
        package static let cannotWrite: Int32 = 4
        /// The command line is wrong (EX_USAGE).
        package static let usage: Int32 = 64
    }

    package init(message: String, code: Int32) {
        self.message = message
        self.code = code
    }

    package var description: String { message }

}

/// The command is over with this exit status and has said what there is to say (a run's ending,
/// a journey ended by a signal: 128 + its number). Thrown like an error so that, as for errors,
/// one place ends the process.
package struct ProcessEnd: Error {
    package var status: Int32

    package init(status: Int32) { self.status = status }
}
