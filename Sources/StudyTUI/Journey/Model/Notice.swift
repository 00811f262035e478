import Foundation
import TUIKit

/// The one-line message under the screen: what just happened, a reminder, or a problem.
public struct Notice: Sendable, Equatable {
    /// How it reads.
    public enum Tone: Sendable, Equatable {
        /// Information ("Exported 3 results …").
        case info
        /// A reminder that a task window opened.
        case reminder
        /// Something failed.
        case error
    }

    /// The text (sanitized when drawn).
    public var text: String
    /// Its tone.
    public var tone: Tone

    /// A notice.
    public init(_ text: String, tone: Tone = .info) {
        self.text = text
        self.tone = tone
    }

    /// The style role for the tone.
    var role: StyleRole {
        switch tone {
        case .info: .normal
        case .reminder: .warning
        case .error: .error
        }
    }

    /// The text with a marker that carries the tone without colour.
    var marked: String {
        switch tone {
        case .info: text
        case .reminder: "» " + text
        case .error: "! " + text
        }
    }
}
