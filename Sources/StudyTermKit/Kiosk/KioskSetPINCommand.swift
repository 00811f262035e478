import Foundation
import StudyCore

/// `studyterm kiosk set-pin (--config FILE | --file PATH)`: asks for a new admin PIN twice,
/// without echo, and writes its PBKDF2 hash to the PIN file (mode 0600).
package struct KioskSetPINCommand: StudyTermCommand {
    package static let spec = CommandSpec(
        path: ["kiosk", "set-pin"],
        abstract: "Set the station's admin PIN (asked twice, not shown) and write its hash, mode 0600.",
        discussion: """
            Runs only when standard input is a terminal, so a PIN is never read from a pipe or a file. \
            A PIN is 6 to 16 digits; the file keeps a PBKDF2-HMAC-SHA256 key (600,000 rounds, random salt), not the PIN.
            """,
        options: [
            .value("config", "The station configuration; the PIN file is its adminPINFile.", completes: .file),
            .value("file", "The PIN file to write, instead of the configuration's.", completes: .file),
        ],
        exitStatus: [("0", "The PIN file was written."), ("1", "The two PINs differ, or a PIN is not 6 to 16 digits."),
                     ("4", "The PIN file cannot be written."), ("64", "Standard input is not a terminal."),
                     ("78", "The configuration is not valid.")])

    /// The station configuration.
    let config: String?
    /// The PIN file, instead of the configuration's.
    let file: String?

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        (config, file) = (arguments.value("config"), arguments.value("file"))
        if (config == nil) == (file == nil) { throw UsageError("give --config or --file (one of them)", spec: Self.spec) }
    }

    package func run() throws {
        let path = try file ?? KioskCheckConfigCommand.load(config ?? "").adminPINFile
        try Self.setPIN(at: path, isTerminal: isatty(STDIN_FILENO) != 0, ask: SecretPrompt.ask)
        Console.out("The admin PIN is set: \(path) (mode 0600).")
    }

    /// Asks for the PIN twice with `ask` (a prompt in, the answer out, nil at end of input) and
    /// writes its hash to `path`. Refuses without a terminal.
    package static func setPIN(at path: String, isTerminal: Bool, rounds: Int = AdminPIN.defaultRounds,
                               ask: (String) -> String?) throws(CLIError) {
        guard isTerminal else {
            throw CLIError(message: "kiosk set-pin reads the PIN from a terminal only; run it in one (standard input is not a terminal)",
                           code: CLIError.Code.usage)
        }
        guard let first = ask("New admin PIN (6 to 16 digits): "), let second = ask("The same PIN again: ") else {
            throw CLIError(message: "no PIN given; nothing written", code: 1)
        }
        guard first == second else { throw CLIError(message: "the two PINs differ; nothing written", code: 1) }
        let pin: AdminPIN
        do { pin = try AdminPIN(pin: first, rounds: rounds) } catch {
            throw CLIError(message: "\(error); nothing written", code: 1)
        }
        do { try pin.write(to: path) } catch {
            throw CLIError(message: error.description, code: CLIError.Code.cannotWrite)
        }
    }
}

/// Reads a line from the terminal with echo off, the prompt on standard error.
enum SecretPrompt {
    /// The line typed after `prompt` (without its newline), or nil at end of input. The prompt
    /// is written only once echo is off, so nothing typed after it can show.
    static func ask(_ prompt: String) -> String? {
        var saved = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        FileHandle.standardError.write(Data(prompt.utf8))
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
