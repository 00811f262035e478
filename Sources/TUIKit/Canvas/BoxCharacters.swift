import Foundation

/// The light box-drawing characters used for frames and rules.
public enum BoxCharacters {
    /// Horizontal line.
    public static let horizontal: Character = "─"
    /// Vertical line.
    public static let vertical: Character = "│"
    /// Top-left corner.
    public static let topLeft: Character = "┌"
    /// Top-right corner.
    public static let topRight: Character = "┐"
    /// Bottom-left corner.
    public static let bottomLeft: Character = "└"
    /// Bottom-right corner.
    public static let bottomRight: Character = "┘"
}
