import Foundation
import ServerStore

/// `studyterm-server message --to P|--all TEXT`: puts a message in participants' inboxes
/// (`--all`: everyone who has not withdrawn).
struct MessageCommand {
    let arguments: ServerArguments
    let audience: MessageAudience
    let text: String

    init(_ arguments: ServerArguments) throws(UsageError) {
        try arguments.allow(options: ["to", "study", "database", "database-url-file"], flags: ["all"])
        switch (arguments.value("to"), arguments.flags.contains("all")) {
        case (let id?, false): audience = .participant(id)
        case (nil, true): audience = .everyone
        default: throw UsageError("message needs --to PARTICIPANT or --all, not both")
        }
        let text = arguments.words.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw UsageError("message needs the TEXT to send") }
        guard !text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }) else {
            throw UsageError("the message has control characters; write plain text (line breaks are fine)")
        }
        self.arguments = arguments
        self.text = text
    }

    func run() async throws {
        let reached = try await ServerMain.withStore(arguments) { store in try await store.sendMessage(text, to: audience, at: Date()) }
        if case .participant(let id) = audience, reached.isEmpty {
            throw ServerFailure("there is no participant \(id) (studyterm-server status lists them)", code: .notFound)
        }
        print("Sent to \(reached.count) participant\(reached.count == 1 ? "" : "s").")
    }
}
