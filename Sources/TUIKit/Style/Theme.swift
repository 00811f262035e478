import Foundation

/// A mapping from every ``StyleRole`` to a ``Style``; data, so it can be swapped or loaded.
///
/// Styles are kept in an array indexed by ``StyleRole/ordinal``: a theme is looked up for every
/// cell drawn, and building it needs no hashing.
public struct Theme: Sendable, Hashable {
    /// A short name for logs and settings ("color", "monochrome").
    public var name: String
    /// One style per role, in ``StyleRole/allCases`` order.
    private var styles: [Style]

    /// A theme from its name and the styles of the roles that differ from ``Style/plain``.
    public init(name: String, styles: KeyValuePairs<StyleRole, Style>) {
        self.name = name
        self.styles = Array(repeating: .plain, count: StyleRole.allCases.count)
        for (role, style) in styles { self.styles[role.ordinal] = style }
    }

    private init(name: String, all styles: [Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style for `role`.
    public subscript(role: StyleRole) -> Style {
        styles[role.ordinal]
    }

    /// This theme with every colour removed and the attributes kept.
    public var withoutColor: Theme {
        Theme(name: name + "-mono", all: styles.map(\.withoutColor))
    }

    /// True when some role uses a colour.
    public var usesColor: Bool {
        styles.contains { $0.foreground != .default || $0.background != .default }
    }

    /// The theme to use: colour unless `NO_COLOR` is set (non-empty) or the terminal has none.
    ///
    /// - Parameters:
    ///   - environment: the process environment (pass `ProcessInfo.processInfo.environment`).
    ///   - colorsAvailable: whether the terminal can show colours at all.
    public static func automatic(environment: [String: String], colorsAvailable: Bool) -> Theme {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        return noColor || !colorsAvailable ? .monochrome : .color
    }
}
