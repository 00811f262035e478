import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// The withdrawal code a test session's thank-you shows (it is no code).
    public static let testSessionCode = "TEST"

    /// True while a test session runs: every screen is marked TEST and nothing is stored.
    public var testing: Bool { storingServices != nil }

    /// Staff start a test session from the menu: the same screens as a participant's, on services
    /// that store nothing (no enrollment, no runs, no outbox, no audit of its end); it ends back on
    /// welcome whatever the station's `endOfSession`.
    mutating func startTestSession() -> [Command<KioskMessage>] {
        let live = services
        storingServices = live
        services = Self.unstored(live)
        pinEntry = ""
        chordStart = nil
        let record: [Command<KioskMessage>] = [.perform { live.admin.record(.testSessionStarted); return nil }]
        return [.cancelTimer(Self.adminTimer), .wipeScreen] + record + startSession()
    }

    /// The test session is over: the station's own services again, audited.
    mutating func endTestSession() -> [Command<KioskMessage>] {
        guard let live = storingServices else { return [] }
        services = live
        storingServices = nil
        return [.perform { live.admin.record(.testSessionEnded); return nil }]
    }

    /// `live` with a session's storing closures replaced by ones that store nothing: the session
    /// begins at once, its tasks come from ``KioskAdminServices/startTestTask``, its consent and its
    /// end are no writes.
    static func unstored(_ live: KioskServices) -> KioskServices {
        var services = live
        services.beginSession = { _ in .success(testSessionCode) }
        services.startTask = { _, task in live.admin.startTestTask(task) }
        services.endSession = { _ in .success(()) }
        services.recordConsent = { _ in .success(()) }
        return services
    }
}
