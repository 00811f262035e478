import Foundation
import StudyTermKit
import StudyExport
import StudyStore

/// `studyterm export [--format json|csv|fhir] [--out DIR] [--study ID] [--data-dir D]`.
struct ExportCommand: StudyTermCommand {
    /// The command's name and help.
    static let spec = CommandSpec(
        path: ["export"], abstract: "Write every stored result to files.",
        discussion: """
            Writes results.json (task results with their metadata), answers.csv (one row per answer) and \
            fhir.ndjson (QuestionnaireResponses, and Observations for tasks that are not questionnaires) into \
            DIR, or only the formats named with --format. The files are readable by you alone.
            """,
        options: [
            .repeated("format", "json, csv or fhir; repeat for several (default: all three).",
                      choices: ExportFormat.allCases.map(\.rawValue)),
            .value("out", "The folder to write into (created if needed; default: studyterm-export).", completes: .directory),
            .value("study", "Only this study's results."),
            .value("data-dir", "The data folder (default: $XDG_DATA_HOME/studyterm or ~/.local/share/studyterm).", completes: .directory),
        ])

    let format: [ExportFormat]
    let out: String
    let study: String?
    let dataDir: String?

    init(_ arguments: ParsedArguments) {
        format = arguments.values("format").compactMap(ExportFormat.init(rawValue:))
        out = arguments.value("out") ?? "studyterm-export"
        study = arguments.value("study")
        dataDir = arguments.value("data-dir")
    }

    /// Runs the command.
    func run() throws {
        let location = DataLocation.resolve(explicit: dataDir)
        guard FileManager.default.fileExists(atPath: location.databaseURL.path) else {
            throw CLIError(message: "there is no StudyTerm data in \(location.folder.path) (choose the folder with --data-dir)",
                     code: CLIError.Code.dataUnavailable)
        }
        let store = try StoreOpening.open(location, readOnly: true)
        do {
            let summary = try DataExporter(store: store, location: location).export(
                studyID: study, formats: format.isEmpty ? ExportFormat.allCases : format,
                to: URL(fileURLWithPath: out, isDirectory: true))
            Console.out(summary.sentence)
        } catch {
            throw CLIError(message: "cannot export to \(out): \(error)", code: CLIError.Code.cannotWrite)
        }
    }
}
