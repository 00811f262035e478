import StudyCore

/// What comes back to the station program from an admin action run off `update`.
public enum KioskAdminMessage: Sendable {
    /// The status was read (nil: the station keeps none).
    case statusRead(KioskStatus?)
    /// The "Sync now" round ended.
    case synced(KioskSyncReport)
    /// The export ended.
    case exported(Result<KioskExportReport, KioskAdminFailure>)
    /// The pause state was stored (false: it could not be, and the station stays as it was).
    case pauseStored(paused: Bool, stored: Bool)
}
