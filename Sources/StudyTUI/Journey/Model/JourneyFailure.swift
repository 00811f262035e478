import Foundation

/// A failure from a service call, kept as the sentence to show.
public struct JourneyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// One clear sentence.
    public var message: String

    /// A failure with this message.
    public init(_ message: String) {
        self.message = message
    }

    /// Wraps any error as its description.
    public init(_ error: any Error) {
        self.message = String(describing: error)
    }

    /// The message.
    public var description: String { message }
}
