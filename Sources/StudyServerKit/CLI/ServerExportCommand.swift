import Foundation
import ServerStore
import StudyExport

/// `studyterm-server export [--format json|csv|fhir]... --out DIR [--participant P]`: the app's
/// export documents over every participant's results (or one participant's).
struct ServerExportCommand {
    let arguments: ServerArguments
    let formats: [ExportFormat]
    let out: String

    init(_ arguments: ServerArguments) throws(UsageError) {
        try arguments.allow(options: ["format", "out", "participant", "study", "database", "database-url-file"])
        var formats: [ExportFormat] = []
        for name in arguments.values("format") {
            guard let format = ExportFormat(rawValue: name) else { throw UsageError("--format must be json, csv or fhir, not \"\(name)\"") }
            formats.append(format)
        }
        guard let out = arguments.value("out") else { throw UsageError("export needs --out DIR") }
        self.arguments = arguments
        self.formats = formats.isEmpty ? ExportFormat.allCases : formats
        self.out = out
    }

    func run() async throws {
        let participant = arguments.value("participant")
        let items = try await ServerMain.withStore(arguments) { store in try await store.storedItems(participantID: participant) }
        let (runs, unreadable) = ServerExport.runs(from: items)
        var files: [String] = []
        do {
            let folder = try ExportFolder(URL(fileURLWithPath: out, isDirectory: true))
            for format in formats { files.append(try folder.write(format, text: ExportDocument.text(format, runs: runs)).lastPathComponent) }
        } catch {
            throw ServerFailure("cannot export to \(out): \(error.localizedDescription)", code: .cannotWrite)
        }
        print("Exported \(runs.count) result\(runs.count == 1 ? "" : "s") to \(out) (\(files.joined(separator: ", "))).")
        if unreadable > 0 {
            FileHandle.standardError.write(Data("studyterm-server: \(unreadable) stored item(s) could not be read and were left out.\n".utf8))
        }
    }
}
