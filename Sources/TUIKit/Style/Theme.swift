import Foundation

/// A mapping from every ``StyleRole`` to a ``Style``; data, so it can be swapped or loaded.
public struct Theme: Sendable, Hashable, Codable {
    /// A short name for logs and settings ("color", "monochrome").
    public var name: String
    /// The styles that differ from ``Style/plain``.
    public var styles: [StyleRole: Style]

    /// A theme from its name and role styles; missing roles draw plain.
    public init(name: String, styles: [StyleRole: Style]) {
        self.name = name
        self.styles = styles
    }

    /// The style for `role`.
    public subscript(role: StyleRole) -> Style {
        styles[role] ?? .plain
    }

    /// This theme with every colour removed and the attributes kept.
    public var withoutColor: Theme {
        Theme(name: name + "-mono", styles: styles.mapValues(\.withoutColor))
    }

    /// True when some role uses a colour.
    public var usesColor: Bool {
        styles.values.contains { $0.foreground != .default || $0.background != .default }
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
