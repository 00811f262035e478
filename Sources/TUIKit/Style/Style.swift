import Foundation

/// How one ``StyleRole`` looks: attributes plus foreground and background colours.
public struct Style: Sendable, Hashable, Codable {
    /// Bold, reverse, underline, dim.
    public var attributes: TextAttributes
    /// Text colour.
    public var foreground: TerminalColor
    /// Cell background colour.
    public var background: TerminalColor

    /// A style; colours default to the terminal's own.
    public init(
        _ attributes: TextAttributes = [],
        foreground: TerminalColor = .default,
        background: TerminalColor = .default
    ) {
        self.attributes = attributes
        self.foreground = foreground
        self.background = background
    }

    /// The plain style: no attributes, default colours.
    public static let plain = Style()

    /// This style with its colours dropped, for monochrome output.
    public var withoutColor: Style {
        Style(attributes)
    }
}
