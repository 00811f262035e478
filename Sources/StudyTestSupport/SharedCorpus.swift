import Foundation

/// The shared corpus of real task files and Questionnaires: `STUDYTERM_CORPUS`, else `../shared/corpus`
/// beside the checkout. Absent on machines without it; corpus suites then skip and say so.
public enum SharedCorpus {
    /// The corpus folder, when present.
    public static let root: URL? = {
        if let env = ProcessInfo.processInfo.environment["STUDYTERM_CORPUS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let repo = URL(fileURLWithPath: #filePath)  // <repo>/Sources/StudyTestSupport/SharedCorpus.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: beside.path) ? beside : nil
    }()

    /// True when the corpus is present; otherwise prints one line saying which suite is skipped and why.
    public static func isAvailable(for suite: String) -> Bool {
        if root == nil {
            FileHandle.standardError.write(Data("SKIPPED: \(suite) (no ../shared/corpus beside the checkout and STUDYTERM_CORPUS unset)\n".utf8))
        }
        return root != nil
    }

    /// A folder of the corpus (`sage`, `fhir`, ...), when the corpus is present.
    public static func folder(_ name: String) -> URL? { root?.appendingPathComponent(name) }

    /// The `.json` files below a corpus folder, sorted by path (recursively when asked).
    public static func jsonFiles(in name: String, recursive: Bool = false) -> [URL] {
        guard let dir = folder(name) else { return [] }
        let urls: [URL]
        if recursive {
            urls = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        } else {
            urls = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).map { dir.appendingPathComponent($0) }
        }
        return urls.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    }
}
