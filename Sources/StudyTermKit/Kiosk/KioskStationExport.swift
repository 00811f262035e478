import Foundation
import StudyExport
import StudyStore
import StudyTUI

/// The admin menu's export: every format of the station's whole store (each row under its own
/// session's participant id) into a new folder `station-<id>-<stamp>` inside the configuration's
/// `exportDirectory` (default: `exports` in the data folder, which is staff's, so the journey's
/// refusal of the data folder does not apply), folders 0700 and files 0600. Written with the same
/// documents as `studyterm export`.
package struct KioskStationExport: Sendable {
    /// The station's store.
    package let store: StudyStore
    /// The folder the export folders go in.
    package let folder: URL
    /// The station's id (in the folder's name).
    package let stationID: String

    /// An export of `store` into `exportDirectory`.
    package init(store: StudyStore, exportDirectory: String, stationID: String) {
        self.store = store
        folder = URL(fileURLWithPath: exportDirectory, isDirectory: true)
        self.stationID = stationID
    }

    /// Writes the export made at `date`.
    package func write(at date: Date) -> Result<KioskExportReport, KioskAdminFailure> {
        let safeID = String(stationID.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        let target = folder.appendingPathComponent("station-\(safeID)-\(DataExporter.stamp(date))", isDirectory: true)
        do {
            if !ExportFolder.exists(folder) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            let output = try ExportFolder(target)
            var files: [String] = [], results = 0
            for format in ExportFormat.allCases {
                let (text, count) = try store.exportDocument(format)
                files.append(try output.write(format, text: text).lastPathComponent)
                results = count
            }
            return .success(KioskExportReport(folder: target.path, files: files, results: results))
        } catch {
            return .failure(KioskAdminFailure("\(target.path): \(error)"))
        }
    }
}
