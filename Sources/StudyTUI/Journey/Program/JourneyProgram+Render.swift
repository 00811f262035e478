import Foundation
import TUIKit

extension JourneyProgram {
    /// Draws the frame and the screen shown.
    public func render(into canvas: inout Canvas) -> CursorPosition? {
        frame.render(into: &canvas) { body in
            switch route {
            case .starting:
                body.put("Opening your study…", at: .zero, role: .dim)
                return nil
            case .failed(let message):
                StyledLine.clipped(StyledLine.wrapped(message, width: body.width, role: .error), rows: body.height).enumerated()
                    .forEach { $1.draw(into: &body, at: Point(x: 0, y: $0), width: body.width) }
                return nil
            case .welcome: return welcome.render(into: &body)
            case .consent: return consent?.render(into: &body)
            case .dashboard: return dashboard?.render(into: &body)
            case .settings: return settings?.render(into: &body, timeZone: services.timeZone)
            case .inbox: return inbox?.render(into: &body, timeZone: services.timeZone, now: dashboard?.now ?? services.now())
            case .farewell: return farewell?.render(into: &body)
            }
        }
    }

    /// The header, notice and help bar for the screen shown.
    var frame: JourneyFrame {
        let help: (Int) -> String
        var detail = ""
        switch route {
        case .starting: help = { _ in "" }
        case .failed: help = { Self.failedKeys.helpLine(width: $0) }
        case .welcome: help = { [keys = welcome.keyMap] in keys.helpLine(width: $0) }
        case .consent: help = { ConsentScreen.keys.helpLine(width: $0) }
        case .dashboard:
            help = { [keys = dashboard?.keyMap ?? DashboardScreen.keys] in keys.helpLine(width: $0) }
            detail = dashboard?.headerDetail ?? ""
        case .settings: help = { [keys = settings?.keyMap ?? SettingsScreen.keys] in keys.helpLine(width: $0) }
        case .farewell: help = { FarewellScreen.keys.helpLine(width: $0) }
        case .inbox: help = { InboxScreen.keys.helpLine(width: $0) }
        }
        let title = route == .dashboard || route == .settings ? "StudyTerm · \(session?.definition.title ?? "")" : route.title
        let consentNotice = route == .consent ? consent.flatMap { ConsentLayout.noticeLine($0, body: bodySize) } : nil
        return JourneyFrame(title: title, detail: detail, help: help, notice: notice ?? consentNotice)
    }
}
