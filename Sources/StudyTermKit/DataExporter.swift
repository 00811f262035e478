import Foundation
import StudyCore
import StudyExport
import StudyStore

/// Writes the export documents (`ExportFormat`, from StudyExport) into a folder made private (0700), files 0600:
/// they hold the participant's answers.
package struct DataExporter {
    /// What an export wrote.
    package struct Summary {
        /// The folder.
        package var folder: URL
        /// The files, in format order.
        package var files: [URL]
        /// How many results were exported.
        package var resultCount: Int

        /// "Exported 3 results to /path (results.json, answers.csv, fhir.ndjson)."
        package var sentence: String {
            "Exported \(ResultCounts.results(resultCount)) to \(folder.path) (\(files.map(\.lastPathComponent).joined(separator: ", ")))."
        }
    }

    /// An export that would write into StudyTerm's private data folder.
    package struct InsidePrivateFolder: Error, CustomStringConvertible {
        /// The folder asked for.
        package var folder: URL
        /// The data folder.
        package var dataFolder: URL

        package var description: String {
            let what = folder.standardizedFileURL.path == dataFolder.path ? "is StudyTerm's private data folder"
                : "is inside StudyTerm's private data folder (\(dataFolder.path))"
            return "\(folder.path) \(what); choose a folder outside it, such as your home folder."
        }
    }

    /// The store read from.
    package let store: StudyStore
    /// The private data folder, where exports never go.
    package let location: DataLocation

    /// An exporter of `store`, whose data folder is `location`.
    package init(store: StudyStore, location: DataLocation) {
        self.store = store
        self.location = location
    }

    /// Writes `formats` for one study (or all) into `folder`, creating it; refuses a folder inside
    /// the private data folder. With `participant`, only that participant's results are written;
    /// without, every participant's (each row under its own participant id).
    package func export(studyID: String?, formats: [ExportFormat], to folder: URL, participant: ParticipantStore? = nil) throws -> Summary {
        try refuseInsidePrivateFolder(folder)
        let output = try ExportFolder(folder)
        var summary = Summary(folder: folder, files: [], resultCount: 0)
        for format in formats {
            let (text, count) = try participant?.exportDocument(format) ?? store.exportDocument(format, studyID: studyID)
            summary.files.append(try output.write(format, text: text))
            summary.resultCount = count
        }
        return summary
    }

    /// Throws when `folder` is the private data folder or inside it.
    package func refuseInsidePrivateFolder(_ folder: URL) throws {
        guard !location.contains(folder) else { throw InsidePrivateFolder(folder: folder, dataFolder: location.folder) }
    }

    /// The folder the participant typed does not exist, and the folder it would go in does: it is
    /// made only when the participant says so (`createFolder`).
    package struct FolderMissing: Error, CustomStringConvertible {
        /// The folder typed, as a whole path.
        package var folder: String

        package var description: String { "The folder \(folder) does not exist." }
    }

    /// The journey's export of `studyID`: a new folder `studyterm-export-<study>-<stamp>` inside the
    /// folder the participant typed (relative to `currentDirectory`, `~` for the home folder), which
    /// must be outside the private data folder. A typed folder that does not exist is made only with
    /// `createFolder` (else ``FolderMissing``), and only when the folder it goes in exists. With
    /// `participant` (the journey's), only that participant's results are written.
    package func exportForJourney(studyID: String, typed: String, createFolder: Bool = false, at date: Date,
                                  currentDirectory: String, home: String, participant: ParticipantStore? = nil) throws -> Summary {
        var path = typed.trimmingCharacters(in: .whitespaces)
        if path == "~" || path.hasPrefix("~/") { path = home + path.dropFirst() }
        let base = URL(fileURLWithPath: path, isDirectory: true, relativeTo: URL(fileURLWithPath: currentDirectory, isDirectory: true))
            .standardizedFileURL
        try refuseInsidePrivateFolder(base)
        if !ExportFolder.exists(base) {
            if ExportFolder.exists(base.deletingLastPathComponent()), !createFolder { throw FolderMissing(folder: base.path) }
            try ExportFolder.make(base)  // names the first missing folder above it, when there is one
        }
        let safeID = String(studyID.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return try export(studyID: studyID, formats: ExportFormat.allCases,
                          to: base.appendingPathComponent("studyterm-export-\(safeID)-\(Self.stamp(date))"), participant: participant)
    }

    /// A folder name for an export made at `date`: `2026-03-27-101500`.
    package static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd-HHmmss"
        return f.string(from: date)
    }
}
