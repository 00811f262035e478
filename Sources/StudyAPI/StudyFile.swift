import Foundation

/// A file of a published study (`StudyFile`): the consent, a task file or a resource it names.
public struct StudyFile: Codable, Sendable, Equatable {
    /// The path relative to the folder of `study.json`, as the definition names it.
    public var path: String
    /// The file's text.
    public var content: String

    /// A file.
    public init(path: String, content: String) {
        self.path = path
        self.content = content
    }
}
