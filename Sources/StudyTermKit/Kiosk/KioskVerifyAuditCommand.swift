import Foundation
import StudyCore

/// `studyterm kiosk verify-audit [FILE] [--config FILE] [--status FILE]`: checks the audit log's chain.
package struct KioskVerifyAuditCommand: StudyTermCommand {
    package static let spec = CommandSpec(
        path: ["kiosk", "verify-audit"],
        abstract: "Check the station's audit log: every line in place, none edited, deleted or reordered.",
        discussion: """
            Each record carries the SHA-256 of the line before it; the first line that breaks the chain is named \
            with its number. Lines deleted from the end are seen only against the status file (--status, or \
            the configuration's), which records the log's length and last hash.
            """,
        optionalArguments: [("file", "The audit log (default: the configuration's).")],
        argumentCompletion: ["file": .file],
        options: [
            .value("config", "The station configuration, for the log's and the status file's paths.", completes: .file),
            .value("status", "A status file whose audit head the log must reach.", completes: .file),
        ],
        exitStatus: [("0", "The chain is intact."), ("1", "A line is edited, deleted, reordered or cut off (the message names it)."),
                     ("3", "The log or the status file cannot be read."), ("78", "The configuration is not valid.")])

    /// The audit log named on the command line.
    let file: String?
    /// The station configuration.
    let config: String?
    /// The status file to check the head against.
    let status: String?

    package init(_ arguments: ParsedArguments) throws(UsageError) {
        (file, config, status) = (arguments.optionalArgument(0), arguments.value("config"), arguments.value("status"))
        if file == nil, config == nil { throw UsageError("give the audit log, or --config", spec: Self.spec) }
    }

    package func run() throws {
        let configuration = try config.map(KioskCheckConfigCommand.load)
        let log = file ?? configuration?.auditLog ?? ""
        guard let data = FileManager.default.contents(atPath: log) else {
            throw CLIError(message: "\(log): cannot be read", code: CLIError.Code.runStopped)
        }
        var head: KioskStatus.AuditHead?
        if let statusFile = status ?? configuration?.statusFile, status != nil || FileManager.default.fileExists(atPath: statusFile) {
            do { head = try KioskStatusWriter.read(statusFile).auditHead } catch {
                throw CLIError(message: error.description, code: CLIError.Code.runStopped)
            }
        }
        switch AuditVerifier.verify(data, head: head) {
        case .intact(let records, let hash):
            Console.out("\(log): intact, \(records) record(s), last hash \(hash)" + (head == nil ? "" : ", matches the status file"))
        case .broken(let line, let reason):
            throw CLIError(message: "\(log): line \(line): \(reason)", code: CLIError.Code.invalidFile)
        }
    }
}
