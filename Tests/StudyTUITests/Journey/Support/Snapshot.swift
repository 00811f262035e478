import Foundation
import StudyTestSupport
import Testing

/// Plain-text journey screen snapshots in `Journey/__Snapshots__/`, compared through the shared
/// `SnapshotAssert`: a missing or different snapshot fails; re-record on purpose with SNAPSHOT_RECORD=1.
enum Snapshot {
    /// The shared comparer, rooted at the Journey test folder.
    static let snapshots = SnapshotAssert(
        testFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("JourneySnapshotTests.swift").path)

    /// Records an issue when `text` differs from the snapshot `name`.
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let problem = snapshots.check(text, named: name) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }
}
