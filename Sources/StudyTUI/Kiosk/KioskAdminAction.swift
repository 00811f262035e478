/// One entry of the station's admin menu. Which entries show depends on the station: with a
/// participant's session held behind the menu, only what concerns that session and the station's
/// state; on welcome, everything else.
public enum KioskAdminAction: String, Sendable, Equatable, CaseIterable {
    /// The status screen (what the status file holds).
    case status
    /// One sending round now; its report.
    case syncNow
    /// Ends the session held behind the menu as ended by staff.
    case endCurrentSession
    /// Back to the session held behind the menu.
    case backToSession
    /// Welcome becomes the paused screen, which no participant key leaves.
    case pause
    /// The paused screen becomes welcome again.
    case resume
    /// A session through the same screens that stores nothing.
    case testSession
    /// The station's data written to its export folder.
    case export
    /// The program stops.
    case endStation
    /// Back to welcome.
    case backToWelcome

    /// The entry's words in the menu.
    public var title: String {
        switch self {
        case .status: "Station status"
        case .syncNow: "Sync now"
        case .endCurrentSession: "End the current session"
        case .backToSession: "Back to the session"
        case .pause: "Pause the station"
        case .resume: "Resume the station"
        case .testSession: "Test session (not stored)"
        case .export: "Export the data"
        case .endStation: "End the station"
        case .backToWelcome: "Back to welcome"
        }
    }

    /// The menu's entries: `sessionHeld` (a participant's session waits behind the menu) and
    /// `paused` (the station's state) decide which.
    public static func entries(sessionHeld: Bool, paused: Bool) -> [KioskAdminAction] {
        if sessionHeld { return [.status, .syncNow, .endCurrentSession, .backToSession] }
        return [.status, .syncNow, paused ? .resume : .pause, .testSession, .export, .endStation, .backToWelcome]
    }
}
