import Foundation
import StudyCore
import StudyTUI
import TUIKit

/// The station's fakes with the admin menu's services: a fixed status, a sync report, a pause
/// that can be refused, an export, test tasks from the same fixture, and the audit records, in order.
final class KioskAdminFakes: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [KioskAdminRecord] = []
    private var pauses: [Bool] = []
    private var testTasks = 0
    /// The session fakes underneath.
    let base: KioskFakeServices
    /// What the status closure returns.
    let status: KioskStatus?
    /// What "Sync now" returns (nil: the default services', which send to no server).
    let sync: KioskSyncReport?
    /// Whether the pause state can be stored.
    let pauseStores: Bool

    /// Fakes on `clock`.
    init(clock: ManualClock, status: KioskStatus? = KioskAdminFakes.sampleStatus, sync: KioskSyncReport? = nil, pauseStores: Bool = true) {
        base = KioskFakeServices(clock: clock)
        (self.status, self.sync, self.pauseStores) = (status, sync, pauseStores)
    }

    /// The admin actions recorded, in order.
    var audited: [KioskAdminRecord] { lock.withLock { records } }
    /// The pause states stored, in order.
    var storedPauses: [Bool] { lock.withLock { pauses } }
    /// How many test-session tasks were started.
    var testTasksStarted: Int { lock.withLock { testTasks } }

    /// A status with something in every field.
    static let sampleStatus = KioskStatus(
        stationID: "lobby-1", writtenAt: ScreenDriverClock.start, appVersion: "9.8.7", studyDefinitionHash: "abcdef0123456789ffff",
        pendingResults: 3, oldestPendingAt: ScreenDriverClock.start.addingTimeInterval(-7200),
        lastSync: KioskStatus.SyncState(at: ScreenDriverClock.start.addingTimeInterval(-90), succeeded: false, error: "server unreachable"),
        freeDiskBytes: 12_300_000_000, clockSynchronized: true, sessionsToday: [.completed: 4, .timedOut: 1, .endedByStaff: 2],
        pinLockout: KioskStatus.PINLockoutState(failures: 2))

    /// The services.
    var services: KioskServices {
        var services = base.services
        let status = status
        services.status = { status }
        if let sync { services.syncNow = { sync } }
        services.admin = KioskAdminServices(
            setPaused: { paused in
                guard self.pauseStores else { return false }
                self.lock.withLock { self.pauses.append(paused) }
                return true
            },
            export: { .success(KioskExportReport(folder: "/data/exports/station-lobby-1", files: ["results.json", "answers.csv"], results: 17)) },
            startTestTask: { task in
                self.lock.withLock { self.testTasks += 1 }
                return self.base.services.startTask(UUID(), task).map { start in
                    TaskStart(run: start.run, environment: start.environment, finish: { run in .success(run.finishReason ?? .completed) })
                }
            },
            record: { record in self.lock.withLock { self.records.append(record) } })
        return services
    }
}
