import Foundation

/// A statement the participant acknowledges before agreeing ("I can leave at any time").
public struct StudyNotice: Sendable, Equatable {
    /// Unique within the study.
    public var identifier: String
    /// The statement.
    public var text: String

    /// A notice.
    public init(identifier: String, text: String) {
        self.identifier = identifier
        self.text = text
    }
}
