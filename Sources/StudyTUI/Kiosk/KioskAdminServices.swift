import Foundation
import StudyCore

/// What the admin menu needs from the outside world beyond the PIN check, sync and status
/// (``KioskServices``): the pause state kept across restarts, the export, the test session's
/// unstored tasks and the audit of every admin action. Like the other services, each closure runs
/// in a loop command, never inside `update`. The defaults do nothing durable: the pause holds
/// until the program ends, there is no export, a test session cannot start a task.
public struct KioskAdminServices: Sendable {
    /// Stores whether the station is paused (so a restart keeps it) and audits it; false when the
    /// state could not be stored.
    public var setPaused: @Sendable (Bool) -> Bool
    /// Writes the station's data to its export folder and audits it.
    public var export: @Sendable () -> Result<KioskExportReport, KioskAdminFailure>
    /// Prepares a plan task for a test session: a run whose autosave and finish store nothing.
    public var startTestTask: @Sendable (_ taskID: String) -> Result<TaskStart, JourneyFailure>
    /// Records an admin action in the audit log.
    public var record: @Sendable (KioskAdminRecord) -> Void

    /// Admin services from their closures.
    public init(setPaused: @escaping @Sendable (Bool) -> Bool = { _ in true },
                export: @escaping @Sendable () -> Result<KioskExportReport, KioskAdminFailure> = {
                    .failure(KioskAdminFailure("this station has no export"))
                },
                startTestTask: @escaping @Sendable (String) -> Result<TaskStart, JourneyFailure> = { task in
                    .failure(.taskCannotLoad(task: task, reason: "this station runs no test sessions"))
                },
                record: @escaping @Sendable (KioskAdminRecord) -> Void = { _ in }) {
        (self.setPaused, self.export, self.startTestTask, self.record) = (setPaused, export, startTestTask, record)
    }
}
