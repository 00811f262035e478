import Foundation
import StudyTermKit

/// Where `run` writes when the folder it was given cannot take a file (read-only, missing, full):
/// the result must land somewhere, and the participant's answers are never written nowhere.
extension RunOutputs {
    /// The folders tried in turn: the current folder, the home folder, the temporary folder.
    static func fallbackFolders() -> [String] {
        [FileManager.default.currentDirectoryPath, ProcessInfo.processInfo.environment["HOME"] ?? "",
         NSTemporaryDirectory()].filter { !$0.isEmpty }
    }

    /// Whether a file can be created (and removed) in `folder` now; the reason when not.
    static func canWrite(in folder: String) -> String? {
        let probe = (folder as NSString).appendingPathComponent(".studyterm-probe-\(getpid())")
        let fd = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        // A probe byte: a full disk takes an empty file but not its first block.
        let wrote = write(fd, "x", 1) == 1
        let reason = wrote ? nil : String(cString: strerror(errno))
        close(fd)
        unlink(probe)
        return reason
    }

    /// The same file name in the first fallback folder that takes a file, other than `path`'s own.
    static func fallbackPath(for path: String) -> String? {
        let own = ((path as NSString).deletingLastPathComponent as NSString).standardizingPath
        let name = (path as NSString).lastPathComponent
        for folder in fallbackFolders() where (folder as NSString).standardizingPath != own && canWrite(in: folder) == nil {
            return (folder as NSString).appendingPathComponent(name)
        }
        return nil
    }

    /// Moves every output into a fallback folder when the result's folder cannot take a file before
    /// the first screen; returns the sentence that says so (nil when the folder is fine).
    mutating func fallBackIfNotWritable() -> String? {
        let folder = (out as NSString).deletingLastPathComponent
        guard let reason = Self.canWrite(in: folder.isEmpty ? "." : folder), let moved = Self.fallbackPath(for: out) else { return nil }
        let newFolder = (moved as NSString).deletingLastPathComponent
        let rebase = { (path: String) in (newFolder as NSString).appendingPathComponent((path as NSString).lastPathComponent) }
        self = RunOutputs(out: moved, taskResult: rebase(taskResult), snapshot: rebase(snapshot),
                          recordName: recordName, requestedFolderFailed: true)
        return "\(folder.isEmpty ? "." : folder) cannot take the result (\(reason)); it and the progress snapshot go to \(newFolder) instead."
    }

    /// Writes `text` to `path`, or, when that fails, to the first fallback folder that takes it.
    /// Returns where it went and whether that is a fallback; nil when it could be written nowhere.
    static func writeSomewhere(_ text: String, to path: String, what: String) -> (path: String, fellBack: Bool)? {
        do {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return (path, false)
        } catch {
            Console.err("studyterm: \(path): cannot write the \(what): \(error.localizedDescription)")
        }
        guard let other = fallbackPath(for: path),
              (try? Data((text + "\n").utf8).write(to: URL(fileURLWithPath: other), options: .atomic)) != nil else {
            return nil
        }
        return (other, true)
    }
}
