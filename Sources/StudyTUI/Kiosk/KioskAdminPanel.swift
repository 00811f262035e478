import StudyCore

/// A screen the admin menu opens that shows what an action found or did; nil payloads mean the
/// action still runs ("Reading…", "Sending…", "Exporting…"). Enter or Esc goes back to the menu.
public enum KioskAdminPanel: Sendable, Equatable {
    /// The station's status; `loading` while it is read (nil once read: the station keeps none).
    case status(KioskStatus?, loading: Bool)
    /// The "Sync now" round's report.
    case sync(KioskSyncReport?)
    /// The export's outcome: where, how many results, or why not.
    case export(Result<KioskExportReport, KioskAdminFailure>?)

    /// The menu entry this panel belongs to (the menu highlights it again on the way back).
    public var action: KioskAdminAction {
        switch self {
        case .status: .status
        case .sync: .syncNow
        case .export: .export
        }
    }
}

/// Why an admin action could not be done, in one sentence for staff.
public struct KioskAdminFailure: Error, Sendable, Equatable {
    /// The sentence.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) { self.message = message }
}
