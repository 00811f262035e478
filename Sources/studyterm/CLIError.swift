import Foundation

/// An error the CLI reports as one clear message and an exit code (the one place errors become text).
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

    /// Prints the message to standard error and exits with the code.
    func exit() -> Never {
        Console.err("studyterm: \(message)")
        Foundation.exit(code)
    }
}
