import StudyCore
import TUIKit

/// One row of a step's body before scrolling: styled pieces of text, what a click on it hits,
/// and which focus target it belongs to.
public struct BodyLine: Sendable, Equatable {
    /// A run of text in one role.
    public struct Span: Sendable, Equatable {
        public var text: String
        public var role: StyleRole
    }

    /// The pieces, left to right, starting at the body's left edge.
    public var spans: [Span] = []
    /// What a click hits.
    public var target: HitTarget?
    /// The focus target this line shows.
    public var focus: FocusTarget?

    public init(_ text: String = "", role: StyleRole = .normal, target: HitTarget? = nil, focus: FocusTarget? = nil) {
        if !text.isEmpty { spans = [Span(text: text, role: role)] }
        self.target = target
        self.focus = focus
    }

    /// Appends a piece.
    public mutating func add(_ text: String, _ role: StyleRole = .normal) {
        spans.append(Span(text: text, role: role))
    }

    /// The display width so far.
    public var width: Int { spans.reduce(0) { $0 + TextWidth.width(of: $1.text) } }

    /// The whole text.
    public var text: String { spans.map(\.text).joined() }
}

/// Where the hardware cursor goes inside the body: a body line and a column.
public struct BodyCursor: Sendable, Equatable {
    public var line: Int
    public var column: Int
}
