import Foundation
import StudyCore

/// `studyterm kiosk reset-pin-lockout --config FILE`: root forgives the admin PIN's wrong tries
/// (the lockout file is written back to no failures), audited. Anyone else is refused, so a
/// participant who reached a shell still waits out the lock.
package struct KioskResetPINLockoutCommand: StudyTermCommand {
    package static let spec = CommandSpec(
        path: ["kiosk", "reset-pin-lockout"],
        abstract: "Clear the admin PIN's lockout after wrong PINs (root only), audited.",
        discussion: """
            Writes the station's lockout file (pin-lockout.json in its data folder) back to no wrong PINs and records \
            pin-lockout-reset, with the count it forgave, in the audit log. Only root may: the lockout is what \
            keeps a participant from guessing the PIN.
            """,
        options: [.value("config", "The station configuration.", completes: .file)],
        exitStatus: [("0", "The lockout was cleared."), ("4", "The lockout file or the audit log cannot be written."),
                     ("77", "Not run as root (EX_NOPERM)."), ("78", "The configuration is not valid.")])

    /// The station configuration.
    let config: String

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let config = arguments.value("config") else { throw UsageError("give --config FILE", spec: Self.spec) }
        self.config = config
    }

    package func run() throws {
        try Self.requireRoot(geteuid())  // before the configuration is read: nobody else learns anything
        let configuration = try KioskCheckConfigCommand.load(config)
        let forgiven = try Self.reset(configuration, effectiveUser: geteuid())
        Console.out("The admin PIN lockout is cleared (\(forgiven) wrong PIN(s) forgiven).")
    }

    /// Clears `configuration`'s lockout when `effectiveUser` is root and audits it; returns how
    /// many wrong PINs were forgiven.
    package static func reset(_ configuration: KioskConfiguration, effectiveUser: uid_t, now: Date = Date()) throws(CLIError) -> Int {
        try requireRoot(effectiveUser)
        let file = LiveKioskServices.lockoutFile(configuration)
        let failures = file.load(now: now).failures
        do throws(PrivateFile.Failure) {
            try file.save(PINLockout())
            try StationAudit(path: configuration.auditLog).recordOrThrow(.pinLockoutReset(failures: failures), at: now)
        } catch {
            throw CLIError(message: error.description, code: CLIError.Code.cannotWrite)
        }
        return failures
    }
}

extension KioskResetPINLockoutCommand {
    /// Refuses (exit 77) unless `effectiveUser` is root.
    static func requireRoot(_ effectiveUser: uid_t) throws(CLIError) {
        guard effectiveUser == 0 else {
            throw CLIError(message: "kiosk reset-pin-lockout runs as root only (run it with sudo)", code: CLIError.Code.notPermitted)
        }
    }
}

extension CLIError.Code {
    /// The command may not be run by this user (EX_NOPERM).
    package static let notPermitted = Int32(77)
}
