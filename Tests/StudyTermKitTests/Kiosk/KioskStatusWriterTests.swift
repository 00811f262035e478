import Foundation
import StudyCore
import Testing
@testable import StudyTermKit

/// The status file: written whole, mode 0600, read back the same.
@Suite struct KioskStatusWriterTests {
    static func status() -> KioskStatus {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var status = KioskStatus(stationID: "lab-1", writtenAt: now, appVersion: "0.1.0", studyDefinitionHash: String(repeating: "a", count: 64),
                                 pendingResults: 3, oldestPendingAt: now.addingTimeInterval(-125),
                                 lastSync: .init(at: now.addingTimeInterval(-60), succeeded: false, error: "the server could not be reached"),
                                 freeDiskBytes: 9_000_000_000, clockSynchronized: true, sessionsToday: [.completed: 4],
                                 pinLockout: .init(failures: 5, lockedUntil: now.addingTimeInterval(30)),
                                 auditHead: .init(records: 9, lastHash: String(repeating: "b", count: 64)))
        status.countSession(.timedOut)
        return status
    }

    @Test func theFileIsPrivateAndReadsBackTheSame() throws {
        let folder = try KioskTestFolder()
        let writer = KioskStatusWriter(path: folder.file("status.json"))
        try writer.write(Self.status())
        #expect(try folder.mode("status.json") == 0o600)
        #expect(try KioskStatusWriter.read(folder.file("status.json")) == Self.status())
        let json = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: folder.file("status.json"))))
        #expect(json["oldestPendingAgeSeconds"] == 125)
        #expect(json["sessionsToday"] == ["completed": 4, "timed-out": 1, "ended-by-staff": 0, "interrupted": 0])
        #expect(json["pinLockout"]?["failures"] == 5)
    }

    @Test func rewritingLeavesNoTemporaryFileAndReplacesTheOld() throws {
        let folder = try KioskTestFolder()
        let writer = KioskStatusWriter(path: folder.file("status.json"))
        try writer.write(Self.status())
        var next = Self.status()
        next.pendingResults = 0
        next.oldestPendingAt = nil
        try writer.write(next)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["status.json"])
        #expect(try KioskStatusWriter.read(folder.file("status.json")).pendingResults == 0)
        let json = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: folder.file("status.json"))))
        #expect(json["oldestPendingAgeSeconds"] == .null)
    }

    @Test func aClockThatCannotBeToldIsWrittenAsNullAndReadBackAsUnknown() throws {
        let folder = try KioskTestFolder()
        let writer = KioskStatusWriter(path: folder.file("status.json"))
        var status = Self.status()
        status.clockSynchronized = nil
        try writer.write(status)
        let json = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: folder.file("status.json"))))
        #expect(json["clockSynchronized"] == .null)
        #expect(try KioskStatusWriter.read(folder.file("status.json")).clockSynchronized == nil)
        status.clockSynchronized = false
        try writer.write(status)
        #expect(try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: folder.file("status.json"))))["clockSynchronized"] == .bool(false))
    }

    @Test func aFolderThatCannotBeWrittenIsAnErrorNamingTheFile() {
        #expect(throws: PrivateFile.Failure.self) { try KioskStatusWriter(path: "/nonexistent-folder/status.json").write(Self.status()) }
    }
}
