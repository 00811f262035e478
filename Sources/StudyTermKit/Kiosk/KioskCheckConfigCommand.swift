import StudyCore

/// `studyterm kiosk check-config FILE`: validates a station configuration and prints a summary.
package struct KioskCheckConfigCommand: StudyTermCommand {
    package static let spec = CommandSpec(
        path: ["kiosk", "check-config"],
        abstract: "Validate a station configuration and print what it sets up.",
        discussion: "An unknown key or a bad value prints one line (file, JSON path, reason) and exits 78.",
        arguments: [("file", "The station configuration (JSON).")],
        argumentCompletion: ["file": .file],
        exitStatus: [("0", "The configuration is valid."), ("78", "It is not (EX_CONFIG).")])

    /// The configuration file.
    let file: String

    package init(_ arguments: ParsedArguments) { file = arguments.argument(0) }

    package func run() throws {
        let configuration = try Self.load(file)
        for line in Self.summary(configuration) { Console.out(line) }
    }

    /// Loads a configuration or throws the CLI's one-line error with exit 78.
    package static func load(_ file: String) throws(CLIError) -> KioskConfiguration {
        do { return try KioskConfiguration.load(path: file) } catch {
            throw CLIError(message: error.description, code: CLIError.Code.badConfiguration)
        }
    }

    /// What the configuration sets up, one line a part.
    package static func summary(_ c: KioskConfiguration) -> [String] {
        let study = switch c.study {
        case .folder(let path): "folder \(path)"
        case .server(let url, let credentials): "server \(url) (credentials \(credentials))"
        }
        let id = switch c.participantID {
        case .anonymous: "anonymous, with a withdrawal code"
        case .staff(let check): "entered by staff" + (check.map { ", check \($0.rawValue)" } ?? "")
        case .typed(let check): "typed by the participant, check \(check.rawValue)"
        case .roster(let file): "on the roster \(file)"
        case .barcode(let gap, let check): "scanned (keys at most \(gap) ms apart)" + (check.map { ", check \($0.rawValue)" } ?? "")
        }
        let plan = c.sessionPlan.map { item -> String in
            switch item.condition {
            case .always: item.task
            case .completed(let task): "\(item.task) (if \(task) was completed)"
            case .answerEquals(let task, let step, let value): "\(item.task) (if \(task)/\(step) = \(value.compactJSON))"
            }
        }
        let t = c.timeouts
        let overrides = t.steps.keys.sorted().map { "\($0) \(t.steps[$0] ?? 0) s" }.joined(separator: ", ")
        return [
            "station \(c.stationID): valid",
            "study: \(study)",
            "data folder: \(c.dataDirectory)",
            "session plan: \(plan.joined(separator: ", "))",
            "participant id: \(id)",
            "consent: " + (c.consent == .eachSession ? "the study's consent in each session, after identification" : "none on the station"),
            "languages: \(c.languages.joined(separator: ", "))",
            "timeouts: \(t.screenSeconds) s a screen, warning \(t.warningSeconds) s before, up to \(t.maxExtensions) extensions, thank-you \(t.thankYouSeconds) s"
                + (overrides.isEmpty ? "" : "; steps: \(overrides)"),
            "partial answers: \(c.partialAnswers.rawValue)",
            "retention: " + (c.retention.deleteAfterUpload ? "delete after upload" : "keep after upload")
                + (c.retention.maxDays.map { ", at most \($0) days" } ?? ""),
            "end of session: \(c.endOfSession.rawValue)",
            "admin PIN file: \(c.adminPINFile)",
            "audit log: \(c.auditLog)",
            "status file: \(c.statusFile)",
        ]
    }
}
