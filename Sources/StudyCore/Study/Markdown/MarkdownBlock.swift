import Foundation

/// One block of the markdown subset used for consent and study texts.
public enum MarkdownBlock: Sendable, Equatable {
    /// `#` to `######`: a heading of that level.
    case heading(level: Int, [MarkdownSpan])
    /// Lines of text joined into one paragraph.
    case paragraph([MarkdownSpan])
    /// A `-`, `*` or `+` list item.
    case bullet([MarkdownSpan])

    /// The block's spans.
    public var spans: [MarkdownSpan] {
        switch self {
        case .heading(_, let s), .paragraph(let s), .bullet(let s): s
        }
    }

    /// The block's text without markup.
    public var plainText: String { spans.map(\.text).joined() }
}

/// A run of text with one inline style.
public struct MarkdownSpan: Sendable, Equatable {
    /// How a span is emphasised.
    public enum Style: Sendable, Equatable {
        /// Ordinary text.
        case plain
        /// `*text*` or `_text_`.
        case emphasis
        /// `**text**` or `__text__`.
        case strong
        /// `` `text` ``.
        case code
        /// `[label](url)`, shown as text: `label (url)`.
        case link
    }

    /// The text as shown (a link's label and address already combined).
    public var text: String
    /// Its style.
    public var style: Style

    /// A span.
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}
