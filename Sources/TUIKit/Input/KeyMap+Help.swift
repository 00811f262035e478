import Foundation

extension KeyMap {
    /// The help bar: enabled bindings' help entries, in order, fitting `width` columns.
    ///
    /// Entries are separated by two spaces and never cut in the middle: entries that do not
    /// fit are dropped from the end and a `…` marks that some were left out. When not even the
    /// first entry fits, it is truncated with an ellipsis.
    public func helpLine(width: Int) -> String {
        HelpLine.fit(helpItems, width: width)
    }
}

/// Packs help entries into a line of limited width.
enum HelpLine {
    /// Separator between entries.
    static let separator = "  "

    /// `items` joined while they fit in `width` columns, with `…` when some were dropped.
    static func fit(_ items: [String], width: Int) -> String {
        guard width > 0, let first = items.first else { return "" }
        let full = items.joinedBySeparator(separator)
        if TextWidth.width(of: full) <= width { return full }
        let marker = separator + "…"
        var line = ""
        for item in items {
            let candidate = line.isEmpty ? item : line + separator + item
            if TextWidth.width(of: candidate + marker) > width { break }
            line = candidate
        }
        if line.isEmpty { return TextWidth.truncate(first, to: width) }
        return line + marker
    }
}
