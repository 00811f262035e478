import Foundation
import Testing

/// Plain-text screen snapshots under `__snapshots__/`. A missing snapshot is recorded; set
/// `STUDYTERM_RECORD_SNAPSHOTS=1` to re-record on purpose. Never edit them by hand.
enum Snapshot {
    /// The folder holding the snapshots.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__snapshots__")

    /// Compares `text` with the snapshot `name`, recording it when missing or asked to.
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = folder.appendingPathComponent(name + ".txt")
        let record = ProcessInfo.processInfo.environment["STUDYTERM_RECORD_SNAPSHOTS"] == "1"
        if record || !FileManager.default.fileExists(atPath: file.path) {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data((text + "\n").utf8).write(to: file)
            return
        }
        let expected = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(text + "\n" == expected, "snapshot \(name) differs; re-record with STUDYTERM_RECORD_SNAPSHOTS=1 if the change is intended",
                sourceLocation: sourceLocation)
    }
}
