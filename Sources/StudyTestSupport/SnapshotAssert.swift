import Foundation

/// Compares text with a snapshot file stored beside the test source, in `__Snapshots__/`.
///
/// A missing or different snapshot is a failure. Snapshots are written only on purpose: run
/// the tests with `SNAPSHOT_RECORD=1` to (re)record every snapshot a test compares with, then
/// review the files like code. Never edit them by hand.
public struct SnapshotAssert: Sendable {
    /// The folder holding the snapshots.
    public let directory: URL
    /// True when snapshots are being recorded.
    public let isRecording: Bool

    /// Snapshots beside `testFile` (pass `#filePath`).
    public init(testFile: String = #filePath, environment: [String: String] = ProcessInfo.processInfo.environment) {
        directory = URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        isRecording = !(environment["SNAPSHOT_RECORD"] ?? "").isEmpty && environment["SNAPSHOT_RECORD"] != "0"
    }

    /// Nil when `actual` matches the snapshot `name` (or was just recorded); otherwise a message
    /// with both texts, line by line, for the test to report.
    public func check(_ actual: String, named name: String) -> String? {
        let file = directory.appendingPathComponent(name + ".txt")
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
                return nil
            } catch { return "could not record \(file.path): \(error)" }
        }
        guard let data = try? Data(contentsOf: file), let expected = String(data: data, encoding: .utf8) else {
            return "no snapshot \(file.lastPathComponent) in \(directory.path); record it on purpose with SNAPSHOT_RECORD=1\n" + text
        }
        if expected == text { return nil }
        return "snapshot \(file.lastPathComponent) differs (re-record on purpose with SNAPSHOT_RECORD=1)\n" + diff(expected, text)
    }

    /// The differing lines, numbered.
    func diff(_ expected: String, _ actual: String) -> String {
        let e = expected.components(separatedBy: "\n"), a = actual.components(separatedBy: "\n")
        var out: [String] = []
        for i in 0..<max(e.count, a.count) {
            let l = i < e.count ? e[i] : "<none>", r = i < a.count ? a[i] : "<none>"
            if l != r { out.append("line \(i + 1)\n  - \(l)\n  + \(r)") }
        }
        return out.joined(separator: "\n")
    }
}
