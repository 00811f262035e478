import Foundation
import StudyCore
import TUIKit

extension SettingsScreen {
    /// Draws the menu and the panel; the cursor sits in the folder field, on the highlighted answer,
    /// or on the highlighted entry.
    func render(into canvas: inout Canvas, timeZone: TimeZone) -> CursorPosition? {
        let width = canvas.width
        let layout = SettingsLayout(self, body: Size(width: canvas.width, height: canvas.height), timeZone: timeZone)
        let menuFocused = leaving == nil && prompt == nil
        if layout.compactMenu {
            let position = "\(selection.rawValue + 1)/\(Item.allCases.count) ↑↓"
            let label = (menuFocused ? "› " : "  ") + selection.label
            StyledLine([StyledLine.Run(text: TextWidth.pad(label, to: max(1, width - TextWidth.width(of: position) - 1)) + " ",
                                       role: menuFocused ? .focused : .normal),
                        StyledLine.Run(text: position, role: .dim)]).draw(into: &canvas, at: .zero, width: width)
        } else {
            for item in Item.allCases {
                let focused = item == selection && menuFocused
                StyledLine((focused ? "› " : "  ") + item.label, role: focused ? .focused : .normal)
                    .draw(into: &canvas, at: Point(x: 0, y: item.rawValue), width: width)
            }
        }
        canvas.horizontalRule(at: Point(x: 0, y: layout.panelTop - 1), width: width)
        ScrollState.draw(layout.panel, offset: layout.offset, into: &canvas, top: layout.panelTop, height: layout.panelHeight)
        let visible = layout.offset..<(layout.offset + layout.panelHeight)
        if let row = layout.fieldRow, let prompt, visible.contains(row) {
            return prompt.folder.renderWrapped(into: &canvas, at: Point(x: 0, y: layout.panelTop + row - layout.offset),
                                               width: max(3, width - 2))
        }
        if let row = layout.focusRow, visible.contains(row) {
            return canvas.absolute(Point(x: 0, y: layout.panelTop + row - layout.offset))
        }
        return canvas.absolute(Point(x: 0, y: layout.compactMenu ? 0 : selection.rawValue))
    }
}
