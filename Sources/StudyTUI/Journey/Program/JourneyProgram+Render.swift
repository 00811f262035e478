import Foundation
import TUIKit

extension JourneyProgram {
    /// Draws the frame and the screen shown.
    public func render(into canvas: inout Canvas) -> CursorPosition? {
        // A task's screen is the whole screen.
        if case .task(let visit) = destination { return visit.screen.render(into: &canvas) }
        return frame.render(into: &canvas) { body in
            switch destination {
            case .starting:
                body.put("Opening your study…", at: .zero, role: .dim)
                return nil
            case .failed(let message):
                StyledLine.clipped(StyledLine.wrapped(message, width: body.width, role: .error), rows: body.height).enumerated()
                    .forEach { $1.draw(into: &body, at: Point(x: 0, y: $0), width: body.width) }
                return nil
            case .welcome: return welcome.render(into: &body)
            case .joining(let consent), .renewingConsent(let consent, _): return consent.render(into: &body)
            case .dashboard(let dashboard): return dashboard.render(into: &body)
            case .settings(let settings, _): return settings.render(into: &body, timeZone: services.timeZone)
            case .inbox(let inbox, let dashboard): return inbox.render(into: &body, timeZone: services.timeZone, now: dashboard.now)
            case .farewell(let farewell): return farewell.render(into: &body)
            case .task: return nil
            }
        }
    }

    /// The header, notice and help bar for the screen shown.
    var frame: JourneyFrame {
        let help: (Int) -> String
        var detail = ""
        var consentNotice: Notice?
        switch destination {
        case .starting, .task: help = { _ in "" }
        case .failed: help = { Self.failedKeys.helpLine(width: $0) }
        case .welcome: help = { [keys = welcome.keyMap] in keys.helpLine(width: $0) }
        case .joining(let consent), .renewingConsent(let consent, _):
            help = { ConsentScreen.keys.helpLine(width: $0) }
            consentNotice = ConsentLayout.noticeLine(consent, body: bodySize)
        case .dashboard(let dashboard):
            help = { [keys = dashboard.keyMap] in keys.helpLine(width: $0) }
            detail = dashboard.headerDetail
        case .settings(let settings, _): help = { [keys = settings.keyMap] in keys.helpLine(width: $0) }
        case .farewell: help = { FarewellScreen.keys.helpLine(width: $0) }
        case .inbox: help = { InboxScreen.keys.helpLine(width: $0) }
        }
        let title = route == .dashboard || route == .settings ? "StudyTerm · \(session?.definition.title ?? "")" : route.title
        return JourneyFrame(title: title, detail: detail, help: help, notice: notice ?? consentNotice)
    }
}
