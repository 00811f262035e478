import Foundation

/// Terminal text attributes that carry meaning without colour.
public struct TextAttributes: OptionSet, Sendable, Hashable, Codable {
    /// The raw bit set.
    public let rawValue: UInt8

    /// Attributes from their raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Foreground and background swapped.
    public static let reverse = TextAttributes(rawValue: 1 << 1)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 2)
    /// Faint text.
    public static let dim = TextAttributes(rawValue: 1 << 3)
}
