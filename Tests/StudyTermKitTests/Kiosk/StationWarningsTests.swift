import Foundation
import StudyCore
import Testing
@testable import StudyTermKit

/// The disk and clock warnings are audited once when first seen and again only after they cleared;
/// a changed configuration or study is told from the last run's status file.
@Suite struct StationWarningsTests {
    static func status(free: Int64?, clock: Bool?) -> KioskStatus {
        KioskStatus(stationID: "lab-1", writtenAt: Date(timeIntervalSince1970: 1_800_000_000), appVersion: "1",
                    freeDiskBytes: free, clockSynchronized: clock)
    }

    @Test func aLowDiskIsAuditedOnceUntilItRecoversThenAgain() {
        let warnings = StationWarnings()
        let low: Int64 = 10 * 1024 * 1024
        #expect(warnings.newWarnings(in: Self.status(free: low, clock: true)) == [.diskLow(freeBytes: low, thresholdBytes: StationWarnings.minimumFreeBytes)])
        #expect(warnings.newWarnings(in: Self.status(free: low - 1, clock: true)).isEmpty)
        #expect(warnings.newWarnings(in: Self.status(free: 9_000_000_000, clock: true)).isEmpty)
        #expect(warnings.newWarnings(in: Self.status(free: low, clock: true)).count == 1)
    }

    @Test func anUnsynchronizedClockIsAuditedOnceAndAClockThatCannotBeToldChangesNothing() {
        let warnings = StationWarnings()
        #expect(warnings.newWarnings(in: Self.status(free: nil, clock: false)) == [.clockUnsynchronized])
        #expect(warnings.newWarnings(in: Self.status(free: nil, clock: nil)).isEmpty)
        #expect(warnings.newWarnings(in: Self.status(free: nil, clock: false)).isEmpty)
        #expect(warnings.newWarnings(in: Self.status(free: nil, clock: true)).isEmpty)
        #expect(warnings.newWarnings(in: Self.status(free: nil, clock: false)) == [.clockUnsynchronized])
    }

    @Test func aChangedConfigurationOrStudyIsToldFromTheLastStatusAndAFirstStartIsNoChange() {
        var previous = Self.status(free: nil, clock: nil)
        previous.configurationHash = "c1"
        previous.studyDefinitionHash = "s1"
        #expect(StationWarnings.changes(since: nil, configuration: "c2", study: "s2").isEmpty)
        #expect(StationWarnings.changes(since: previous, configuration: "c1", study: "s1").isEmpty)
        #expect(StationWarnings.changes(since: previous, configuration: "c2", study: "s1")
                == [.configurationChanged(from: ContentHash(hex: "c1"), to: ContentHash(hex: "c2"))])
        #expect(StationWarnings.changes(since: previous, configuration: "c1", study: "s2")
                == [.studyChanged(from: ContentHash(hex: "s1"), to: ContentHash(hex: "s2"))])
    }
}
