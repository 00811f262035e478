import Foundation
import StudyAPI
import StudyStore
import StudyTermKit
import TUIKit

/// `studyterm sync [--data-dir D] [--retry-parked]`: one round of sending, for cron or a systemd timer.
struct SyncCommand: StudyTermCommand {
    /// The command's name and help.
    static let spec = CommandSpec(
        path: ["sync"], abstract: "Send the results waiting in the outbox to the study server, once.",
        discussion: """
            Sends every waiting result (backoff waits are skipped), then a queued withdrawal, then fetches the \
            study team's messages into the inbox, and says what happened. For a cron job or a systemd timer on \
            a study station; the app also sends by itself while it runs. Exit status: 0 when nothing waits, 20 \
            when items still wait (the server could not be reached or failed; try again later), 21 when the \
            server refused items (they are kept, parked, with its reasons; see Settings).
            """,
        options: [
            .value("data-dir", "The data folder (default: $XDG_DATA_HOME/studyterm or ~/.local/share/studyterm).", completes: .directory),
            .flag("retry-parked", "Send the items the server refused again (after the study team fixed the cause)."),
            .value("batch-size", "Items per request (default 100; smaller for a slow or flaky link)."),
        ])

    /// Exit statuses of `sync` (the README lists them).
    enum Status {
        /// Items still wait for a server that could not be reached or failed.
        static let waiting: Int32 = 20
        /// The server refused items; they are parked.
        static let parked: Int32 = 21
    }

    let dataDir: String?
    let retryParked: Bool
    let batchSize: Int?

    init(_ arguments: ParsedArguments) {
        dataDir = arguments.value("data-dir")
        retryParked = arguments.flag("retry-parked")
        batchSize = arguments.value("batch-size").flatMap(Int.init)
    }

    /// Runs the command.
    func run() throws {
        let location = DataLocation.resolve(explicit: dataDir)
        guard FileManager.default.fileExists(atPath: location.databaseURL.path) else {
            throw CLIError(message: "there is no StudyTerm data in \(location.folder.path) (choose the folder with --data-dir)",
                           code: CLIError.Code.dataUnavailable)
        }
        if let batchSize, !(1...ResultBatch.maximumItems).contains(batchSize) {
            throw CLIError(message: "--batch-size takes 1 to \(ResultBatch.maximumItems)", code: CLIError.Code.usage)
        }
        let store = try StoreOpening.open(location)
        if retryParked { try store.unparkAll() }
        var configured = LiveSync.sender(store: store)
        if let batchSize { configured.batchSize = batchSize }
        let sender = configured
        let report: SyncReport, summary: SyncSummary
        do throws(StoreError) {
            report = try waitForWork { () async throws(StoreError) in try await sender.send(ignoringBackoff: true) }
            summary = try store.syncSummary()
        } catch {
            throw CLIError(message: error.description, code: CLIError.Code.dataUnavailable)
        }
        Console.out(Self.sentence(report, summary))
        if summary.parked > 0 { throw ProcessEnd(status: Status.parked) }
        if summary.waiting > 0, report.participants > 0 { throw ProcessEnd(status: Status.waiting) }
    }

    /// What a round did, in words.
    static func sentence(_ report: SyncReport, _ summary: SyncSummary) -> String {
        guard report.participants > 0 else { return "No study on this computer has a study server: nothing to send." }
        var lines = ["Sent \(report.sent) \(report.sent == 1 ? "item" : "items")"
            + (report.withdrawals > 0 ? " and the withdrawal" : "") + "; \(summary.waiting) waiting; \(summary.parked) refused."]
        if report.messages > 0 { lines.append("\(report.messages) new \(report.messages == 1 ? "message" : "messages") in the inbox.") }
        if let error = report.lastError { lines.append("Last problem: \(error)") }
        for reason in summary.parkedReasons { lines.append("Refused (\(reason.count)): \(reason.reason)") }
        return lines.joined(separator: "\n")
    }
}
