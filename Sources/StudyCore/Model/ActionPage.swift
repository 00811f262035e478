import Foundation

/// A page a button opens (SageResearch `webView` and `videoView` actions, usually Learn more), as a
/// terminal can show it: the page's own text when it is a file beside the task, a web address to
/// open elsewhere, or a sentence saying it is not available. Never a bare file name.
public struct ActionPage: Sendable, Equatable {
    /// What the page is.
    public enum Kind: Sendable, Equatable {
        /// A web page or an HTML file.
        case web
        /// A video.
        case video
    }

    /// What the page is.
    public var kind: Kind
    /// The address or file name as the task file gives it.
    public var url: String
    /// The page's title, when the action gives one.
    public var title: String?
    /// The page's text, when `url` names a readable file beside the task file (HTML reduced to text).
    public var text: String?

    /// A page.
    public init(kind: Kind, url: String, title: String? = nil, text: String? = nil) {
        self.kind = kind
        self.url = url
        self.title = title
        self.text = text
    }

    /// True when `url` is a web address rather than a file beside the task.
    public var isWebAddress: Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://")
    }

    /// What the terminal shows.
    public var terminalText: String {
        let body: String
        if let text, !text.isEmpty {
            body = text
        } else if kind == .video {
            body = "A video explains this step; videos cannot be played in the terminal."
        } else if isWebAddress {
            body = "This is explained on a web page. Open it in a browser:\n\(url)"
        } else {
            body = "The page that explains this is not available in the terminal."
        }
        guard let title, !title.isEmpty else { return body }
        return title + "\n\n" + body
    }
}
