/// A clock drawn three rows tall with block characters, so the time left reads from across a room.
/// The same time is always written in plain words too (screen readers, snapshots).
enum BigDigits {
    /// Three rows per glyph; every glyph is three columns wide except the colon (one).
    static let glyphs: [Character: [String]] = [
        "0": ["█▀█", "█ █", "█▄█"], "1": ["▄█ ", " █ ", "▄█▄"], "2": ["▀▀█", "█▀▀", "█▄▄"],
        "3": ["▀▀█", " ▀█", "▄▄█"], "4": ["█ █", "▀▀█", "  █"], "5": ["█▀▀", "▀▀█", "▄▄█"],
        "6": ["█▀▀", "█▀█", "█▄█"], "7": ["▀▀█", "  █", "  █"], "8": ["█▀█", "█▀█", "█▄█"],
        "9": ["█▀█", "▀▀█", "▄▄█"], ":": [" ", "▀", "▀"],
    ]

    /// The three rows for `text` (digits and colons), one space between glyphs.
    static func rows(_ text: String) -> [String] {
        (0..<3).map { row in text.compactMap { glyphs[$0]?[row] }.joined(separator: " ") }
    }

    /// The width of `rows(text)`.
    static func width(_ text: String) -> Int { rows(text)[0].count }
}
