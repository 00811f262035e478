import Foundation
import TUIKit

/// Where the settings screen's parts go in a body region: the menu (every entry, or on a short
/// terminal the highlighted one alone), a rule, and the panel, scrolled so its focus shows.
struct SettingsLayout {
    /// True when the menu is one line (the highlighted entry) so the panel keeps enough rows.
    let compactMenu: Bool
    /// The panel's first row.
    let panelTop: Int
    /// The panel's visible rows.
    let panelHeight: Int
    /// The panel's lines.
    let panel: [StyledLine]
    /// The line with the focus, if the panel has it.
    let focusRow: Int?
    /// The folder field's line, while the export folder is asked for.
    let fieldRow: Int?
    /// The first panel line shown: the screen's scroll, moved as little as needed to show the focus.
    let offset: Int

    /// The fewest panel rows a full menu leaves.
    static let minimumPanel = 5

    /// The layout of `screen` in a body of `body`.
    init(_ screen: SettingsScreen, body: Size, timeZone: TimeZone) {
        let items = SettingsScreen.Item.allCases.count
        compactMenu = body.height - items - 1 < Self.minimumPanel
        panelTop = (compactMenu ? 1 : items) + 1
        panelHeight = max(1, body.height - panelTop)
        (panel, focusRow, fieldRow) = screen.panel(width: max(1, body.width - 2), timeZone: timeZone)
        let (total, height) = (panel.count, panelHeight)
        let scrolled = ScrollState.clamped(screen.scroll.offset, total: total, height: height)
        offset = focusRow.map { ScrollState.revealing($0, from: scrolled, height: height) } ?? scrolled
    }
}
