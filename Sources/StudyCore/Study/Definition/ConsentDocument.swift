import Foundation

/// The consent text (markdown subset) with its own version, separate from the study's.
public struct ConsentDocument: Sendable, Equatable {
    /// The consent document's version; a change means the participant agreed to another text.
    public var version: String
    /// The text exactly as written in the definition (headings, paragraphs, bullets, emphasis, links).
    public var text: String

    /// A consent document.
    public init(version: String, text: String) {
        self.version = version
        self.text = text
    }
}
