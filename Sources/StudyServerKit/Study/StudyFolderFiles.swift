import Foundation
import StudyAPI
import StudyCore
import StudyFHIR

/// The files a study folder's definition needs beside `study.json`: the consent file, each task
/// file, the JSON resources they name by `resourceName` (followed through the files they name in
/// turn), and the ValueSet files beside a Questionnaire that its items refer to. Paths are relative to the folder of `study.json`, as the definition writes them.
struct StudyFolderFiles {
    /// The folder of `study.json`.
    let folder: URL

    /// Every file for `definition` whose `study.json` is `json`, without repeats, in a stable order.
    func files(definition: StudyDefinition, json: JSONValue) throws -> [StudyFile] {
        var urls: [URL] = []
        if let consentFile = json["consent"]?["file"]?.stringValue { urls.append(folder.appendingPathComponent(consentFile)) }
        var pending = definition.tasks.map(\.sourceURL)
        var seen = Set<String>()
        while let url = pending.popLast() {
            let standard = url.standardizedFileURL
            guard seen.insert(standard.path).inserted else { continue }
            urls.append(standard)
            guard let data = try? Data(contentsOf: standard), let task = try? JSONParser.parse(data) else { continue }
            let file = FileReference(url: standard, displayName: standard.lastPathComponent)
            for name in Self.resourceNames(in: task) {
                if let resource = file.resolve(resourceName: name) { pending.append(resource) }
            }
            for id in QuestionnaireImporter.valueSetReferences(in: task) {
                if let valueSet = QuestionnaireImporter.valueSetFile(id, beside: file) { pending.append(valueSet) }
            }
        }
        var files: [StudyFile] = []
        var written = Set<String>()
        for url in urls {
            let path = Self.relativePath(of: url.standardizedFileURL, from: folder.standardizedFileURL)
            guard written.insert(path).inserted else { continue }
            files.append(StudyFile(path: path, content: try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Every `resourceName` string in a task file.
    static func resourceNames(in json: JSONValue) -> [String] {
        switch json {
        case .object(let object):
            return object.flatMap { key, value in
                key == "resourceName" ? (value.stringValue.map { [$0] } ?? []) : resourceNames(in: value)
            }
        case .array(let array):
            return array.flatMap(resourceNames(in:))
        default:
            return []
        }
    }

    /// `url` relative to `base` (a folder), with `..` where it lies outside.
    static func relativePath(of url: URL, from base: URL) -> String {
        let target = url.pathComponents, origin = base.pathComponents
        var common = 0
        while common < min(target.count, origin.count), target[common] == origin[common] { common += 1 }
        return (Array(repeating: "..", count: origin.count - common) + target[common...]).joined(separator: "/")
    }
}
