import Foundation
import ServerStore

/// `studyterm-server status`: the study in force, the tokens, and one line per participant
/// (registration, consent, results received, last contact, withdrawal).
struct StatusCommand {
    let arguments: ServerArguments

    init(_ arguments: ServerArguments) throws(UsageError) {
        try arguments.allow(options: ["study", "database", "database-url-file"])
        self.arguments = arguments
    }

    func run() async throws {
        let (study, tokens, participants) = try await ServerMain.withStore(arguments) { store in
            (try await store.currentStudy(), try await store.tokenCounts(), try await store.participantSummaries())
        }
        print(Self.report(study: study, tokens: tokens, participants: participants))
    }

    /// The report's text.
    static func report(study: PublishedStudy?, tokens: TokenCounts, participants: [ParticipantSummary]) -> String {
        var lines: [String] = []
        if let study {
            lines.append("Study \(study.studyID), version \(study.version) (consent \(study.consentVersion)), published \(day(study.publishedAt)).")
        } else {
            lines.append("No study published yet.")
        }
        let withdrawn = participants.filter { $0.withdrawnAt != nil }.count
        lines.append("Tokens: \(tokens.open) open, \(tokens.redeemed) used. Participants: \(participants.count) (\(withdrawn) withdrawn).")
        guard !participants.isEmpty else { return lines.joined(separator: "\n") }
        lines.append("")
        let header = ["participant", "registered", "consent", "results", "items", "last contact", "withdrawn"]
        let rows = participants.map { p in
            [p.id, day(p.registeredAt), p.consentVersion + (p.consentAgreedAt.map { " (agreed \(day($0)))" } ?? ""),
             String(p.resultCount), String(p.itemCount), p.lastContactAt.map(day) ?? "-", p.withdrawnAt.map(day) ?? "-"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            lines.append(zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces))
        }
        return lines.joined(separator: "\n")
    }

    /// `2026-03-27 10:15` in UTC.
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm'Z'"
        return formatter.string(from: date)
    }
}
