import Foundation

/// How ``TextWidth/pad(_:to:alignment:)`` places text in the padded width.
public enum TextAlignment: Sendable, Hashable {
    /// Text first, spaces after.
    case leading
    /// Spaces split around the text (the extra one goes after).
    case center
    /// Spaces first, text last.
    case trailing
}
