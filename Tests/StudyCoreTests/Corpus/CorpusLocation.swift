import Foundation

/// Where the shared corpus lives: `../shared/corpus` beside the checkout (or `STUDYTERM_CORPUS`).
enum CorpusLocation {
    static let url: URL? = {
        if let env = ProcessInfo.processInfo.environment["STUDYTERM_CORPUS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        let repo = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidate = repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// True when the corpus is present; when absent, says so once on standard error.
    static var isAvailable: Bool {
        if url == nil {
            FileHandle.standardError.write(Data("SKIPPED: corpus suites (no ../shared/corpus beside the checkout and STUDYTERM_CORPUS unset)\n".utf8))
        }
        return url != nil
    }

    /// The JSON files of one corpus folder, sorted.
    static func files(in folder: String) -> [URL] {
        guard let dir = url?.appendingPathComponent(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
    }
}
