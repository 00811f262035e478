import Foundation
import StudyAPI
import StudyCore

/// A participant's copy of the study the server gave (`GET /study`): its files written into a
/// private folder, read with the same loader as a study folder, and the ETag that names the
/// version, so the app starts without the network and a reload asks only for a newer version.
/// Paths from the server are checked: none may be absolute or reach outside the folder.
public struct StudyCache: Sendable {
    /// The folder (created 0700 when first written).
    public let folder: URL
    /// Reads the definition and checks its task files.
    public var loader: StudyDefinitionLoader

    /// A cache in `folder`.
    public init(folder: URL, loader: StudyDefinitionLoader) {
        self.folder = folder
        self.loader = loader
    }

    /// The ETag of the version stored, if any.
    public var etag: String? {
        (try? String(contentsOf: folder.appendingPathComponent("etag"), encoding: .utf8)).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The stored definition, nil when nothing is stored; throws when what is stored has errors.
    public func load() throws(StudyFetchError) -> StudyDefinition? {
        guard let root = storedRoot() else { return nil }
        do { return try loader.load(path: root.appendingPathComponent(StudyDefinitionLoader.fileName).path).definition } catch {
            throw .invalidStudy(address: "the study stored on this computer", diagnostics: error.diagnostics)
        }
    }

    /// Checks `document`, writes it beside the version before (which it replaces only once it is
    /// complete and loads), and returns its definition.
    public func store(_ document: StudyDocument, etag: String?, address: String) throws(StudyFetchError) -> StudyDefinition {
        try Self.checkSizes(document, address: address)
        let depth = try Self.checkedDepth(document.files.map(\.path), address: address)
        let version = folder.appendingPathComponent("v-\(UUID().uuidString.lowercased())")
        let root = (0..<depth).reduce(version) { url, _ in url.appendingPathComponent("d") }
        let definition: StudyDefinition
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(document.definition.compactJSON.utf8).write(to: root.appendingPathComponent(StudyDefinitionLoader.fileName))
            for file in document.files {
                let url = root.appendingPathComponent(file.path).standardizedFileURL
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.content.utf8).write(to: url)
            }
        } catch {
            try? FileManager.default.removeItem(at: version)
            throw .unreachable(address: address, reason: "the study cannot be stored on this computer (\(error.localizedDescription))")
        }
        do {
            definition = try loader.load(path: root.appendingPathComponent(StudyDefinitionLoader.fileName).path).definition
        } catch {
            try? FileManager.default.removeItem(at: version)
            throw .invalidStudy(address: address, diagnostics: error.diagnostics)
        }
        let previous = storedVersionFolder()
        do {
            try Data(relative(root).utf8).write(to: folder.appendingPathComponent("current.tmp"))
            try Data((etag ?? "").utf8).write(to: folder.appendingPathComponent("etag.tmp"))
            try Self.rename(folder.appendingPathComponent("etag.tmp"), to: folder.appendingPathComponent("etag"))
            try Self.rename(folder.appendingPathComponent("current.tmp"), to: folder.appendingPathComponent("current"))
        } catch {
            throw .unreachable(address: address, reason: "the study cannot be stored on this computer (\(error.localizedDescription))")
        }
        if let previous, previous != version.standardizedFileURL { try? FileManager.default.removeItem(at: previous) }
        return definition
    }

    /// The most task files a study may have.
    public static let maximumFiles = 2_000

    /// Refuses a study with too many files or a file past ``AnswerLimits/taskFile``, naming it.
    static func checkSizes(_ document: StudyDocument, address: String) throws(StudyFetchError) {
        guard document.files.count <= maximumFiles else {
            throw .refused("The study server sent \(document.files.count) task files, more than the \(maximumFiles) a study may have; nothing was stored.")
        }
        for file in document.files where file.content.utf8.count > AnswerLimits.taskFile || file.path.utf8.count > 1024 {
            throw .refused("""
                The study server sent a task file (\"\(file.path.prefix(80))\") larger than the \(ByteSize.words(AnswerLimits.taskFile)) \
                a task file may have; nothing was stored.
                """)
        }
    }

    /// How many folders deep `study.json` must sit so that every `..` of the paths stays inside;
    /// throws for an absolute path or one that climbs out even so.
    static func checkedDepth(_ paths: [String], address: String) throws(StudyFetchError) -> Int {
        var depth = 0
        for path in paths {
            guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0"), !path.contains("\\") else {
                throw .refused("The study server sent a file with an unsafe path (\"\(path.prefix(80))\"); nothing was stored.")
            }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            var level = 0, lowest = 0
            for part in parts.dropLast() {
                if part == ".." { level -= 1 } else if part != "." && !part.isEmpty { level += 1 }
                lowest = min(lowest, level)
            }
            guard lowest >= -8, let name = parts.last, name != "..", name != ".", !name.isEmpty else {
                throw .refused("The study server sent a file with an unsafe path (\"\(path.prefix(80))\"); nothing was stored.")
            }
            depth = max(depth, -lowest)
        }
        return depth
    }

    /// Moves `source` over `target` in one step (rename(2)).
    static func rename(_ source: URL, to target: URL) throws {
        guard Foundation.rename(source.path, target.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
        }
    }

    /// The folder of the stored `study.json`, if a version is stored.
    private func storedRoot() -> URL? {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("current"), encoding: .utf8), !text.isEmpty,
              !text.contains("..") else { return nil }
        return folder.appendingPathComponent(text)
    }

    /// The `v-…` folder of the stored version.
    private func storedVersionFolder() -> URL? {
        guard let root = storedRoot(), let first = relative(root).split(separator: "/").first else { return nil }
        return folder.appendingPathComponent(String(first)).standardizedFileURL
    }

    /// `url`'s path inside the cache folder.
    private func relative(_ url: URL) -> String {
        let base = folder.standardizedFileURL.path
        return String(url.standardizedFileURL.path.dropFirst(base.count + 1))
    }
}
