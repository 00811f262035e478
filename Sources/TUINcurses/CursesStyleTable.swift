import CNcursesw
import TUIKit

/// Curses attributes and colour pairs for every ``StyleRole`` of a theme.
///
/// Colour pairs are allocated once, one per distinct foreground/background combination, with
/// -1 meaning the terminal's default colour.
struct CursesStyleTable {
    /// The curses rendering of one role.
    struct Entry {
        /// `A_*` attribute bits.
        var attributes: UInt32
        /// The colour pair (0 = default colours).
        var pair: Int16
    }

    /// Indexed by ``StyleRole/ordinal``.
    private var entries: [Entry] = []

    /// Builds the table and, when `useColor`, initialises the colour pairs.
    init(theme: Theme, useColor: Bool) {
        var pairs: [(foreground: Int, background: Int)] = []   // pair n + 1 is pairs[n]; a handful at most
        for role in StyleRole.allCases {
            let style = theme[role]
            var pair: Int16 = 0
            let colors = (foreground: style.foreground.ansiIndex, background: style.background.ansiIndex)
            if useColor, colors != (-1, -1), Int(nc_color_pairs()) > pairs.count + 1 {
                if let known = pairs.firstIndex(where: { $0 == colors }) {
                    pair = Int16(known + 1)
                } else {
                    pairs.append(colors)
                    pair = Int16(pairs.count)
                    init_pair(pair, Int16(colors.foreground), Int16(colors.background))
                }
            }
            entries.append(Entry(attributes: Self.attributes(style.attributes), pair: pair))
        }
    }

    /// The entry for `role`.
    subscript(role: StyleRole) -> Entry {
        entries[role.ordinal]
    }

    /// Curses attribute bits for TUIKit attributes.
    private static func attributes(_ attributes: TextAttributes) -> UInt32 {
        var bits = nc_a_normal()
        if attributes.contains(.bold) { bits |= nc_a_bold() }
        if attributes.contains(.reverse) { bits |= nc_a_reverse() }
        if attributes.contains(.underline) { bits |= nc_a_underline() }
        if attributes.contains(.dim) { bits |= nc_a_dim() }
        return bits
    }
}
