import Foundation

/// A message from the study team, put in the inbox once the participant reaches its study day.
public struct StudyMessage: Sendable, Equatable {
    /// Unique within the study; the inbox keeps one copy per identifier.
    public var identifier: String
    /// The study day it is delivered on (1 is the enrollment day).
    public var day: Int
    /// The title line.
    public var title: String
    /// The text.
    public var text: String

    /// A message.
    public init(identifier: String, day: Int = 1, title: String, text: String) {
        self.identifier = identifier
        self.day = day
        self.title = title
        self.text = text
    }
}
