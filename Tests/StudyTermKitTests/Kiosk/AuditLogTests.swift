import Foundation
import StudyCore
import Testing
@testable import StudyTermKit

/// The hash-chained audit log and verify-audit's findings.
@Suite struct AuditLogTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A log of `count` records in a fresh folder, and its lines.
    static func log(_ count: Int) throws -> (folder: KioskTestFolder, log: AuditLog) {
        let folder = try KioskTestFolder()
        var log = try AuditLog(path: folder.file("audit.log"))
        let hasher = ParticipantHasher(salt: Data(repeating: 7, count: 32))
        let events: [AuditEvent] = [
            .stationStarted(appVersion: "0.1.0", configuration: ContentHash(of: Data("{}".utf8))), .uncleanStopFound,
            .sessionEnded(session: UUID(), reason: .timedOut, participant: hasher.hash("P0042"), tasksCompleted: 1),
            .adminFailed(failures: 5, lockedSeconds: 30), .adminSucceeded, .syncFailed(problem: .unreachable, pending: 3),
            .syncSucceeded(sent: 3), .diskLow(freeBytes: 1000, thresholdBytes: 52_428_800), .clockUnsynchronized,
            .configurationChanged(from: nil, to: ContentHash(of: Data("a".utf8))), .studyChanged(from: nil, to: ContentHash(of: Data("b".utf8))),
            .stationStopped,
        ]
        for i in 0..<count { try log.append(events[i % events.count], at: start.addingTimeInterval(Double(i))) }
        return (folder, log)
    }

    static func lines(_ folder: KioskTestFolder) throws -> [String] {
        try String(contentsOfFile: folder.file("audit.log"), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    static func verify(_ lines: [String], head: KioskStatus.AuditHead? = nil) -> AuditVerifier.Outcome {
        AuditVerifier.verify(Data(lines.map { $0 + "\n" }.joined().utf8), head: head)
    }

    @Test func anUntouchedLogIsIntactAndReopeningContinuesTheChain() throws {
        let (folder, log) = try Self.log(12)
        #expect(try folder.mode("audit.log") == 0o600)
        var reopened = try AuditLog(path: folder.file("audit.log"))
        #expect(reopened.records == 12 && reopened.lastHash == log.lastHash)
        try reopened.append(.stationStarted(appVersion: "0.1.0", configuration: ContentHash(of: Data())), at: Self.start)
        let lines = try Self.lines(folder)
        #expect(Self.verify(lines, head: reopened.head) == .intact(records: 13, lastHash: reopened.lastHash))
        #expect(lines[0].contains(#""prev":"\#(AuditLog.genesis)""#) && lines[0].contains(#""seq":1"#))
    }

    @Test func anEditedLineIsNamed() throws {
        var lines = try Self.lines(try Self.log(8).folder)
        lines[3] = lines[3].replacingOccurrences(of: #""failures":5"#, with: #""failures":1"#)
        #expect(Self.verify(lines) == .broken(line: 4, reason: "edited: its hash is not the one line 5 records"))
    }

    @Test func aDeletedLineIsNamed() throws {
        var lines = try Self.lines(try Self.log(8).folder)
        lines.remove(at: 2)
        #expect(Self.verify(lines) == .broken(line: 3, reason: "record 4 where record 3 belongs: a line before it was deleted, or lines were reordered"))
        var first = try Self.lines(try Self.log(3).folder)
        first.removeFirst()
        #expect(Self.verify(first) == .broken(line: 1, reason: "record 2 where record 1 belongs: a line before it was deleted, or lines were reordered"))
    }

    @Test func reorderedLinesAreNamed() throws {
        var lines = try Self.lines(try Self.log(8).folder)
        lines.swapAt(5, 6)
        #expect(Self.verify(lines) == .broken(line: 6, reason: "record 7 where record 6 belongs: a line before it was deleted, or lines were reordered"))
        var renumbered = try Self.lines(try Self.log(4).folder)
        renumbered.swapAt(1, 2)
        renumbered[1] = renumbered[1].replacingOccurrences(of: #""seq":3"#, with: #""seq":2"#)
        renumbered[2] = renumbered[2].replacingOccurrences(of: #""seq":2"#, with: #""seq":3"#)
        #expect(Self.verify(renumbered) == .broken(line: 1, reason: "edited: its hash is not the one line 2 records"))
    }

    @Test func aTruncatedLogIsNamed() throws {
        let (folder, log) = try Self.log(6)
        let text = try String(contentsOfFile: folder.file("audit.log"), encoding: .utf8)
        #expect(AuditVerifier.verify(Data(text.dropLast(20).utf8)) == .broken(line: 6, reason: "cut off (the file does not end with a complete line)"))
        let lines = try Self.lines(folder)
        #expect(Self.verify(Array(lines.prefix(4)), head: log.head)
            == .broken(line: 5, reason: "missing: the status file counts 6 records, the log ends after 4"))
        var lastEdited = lines
        lastEdited[5] = lastEdited[5].replacingOccurrences(of: "unreachable", with: "refused")
        #expect(lastEdited[5] != lines[5])
        #expect(Self.verify(lastEdited, head: log.head) == .broken(line: 6, reason: "edited: its hash is not the one the status file records"))
        #expect(Self.verify(Array(lines.prefix(4))) == .intact(records: 4, lastHash: AuditLog.hash(Data(lines[3].utf8))))
    }

    @Test func aLineCutOffByAPowerLossIsEndedAndReported() throws {
        let (folder, _) = try Self.log(3)
        let text = try String(contentsOfFile: folder.file("audit.log"), encoding: .utf8)
        try folder.write("audit.log", String(text.dropLast(10)))
        var log = try AuditLog(path: folder.file("audit.log"))
        try log.append(.stationStarted(appVersion: "0.1.0", configuration: ContentHash(of: Data())), at: Self.start)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("audit.log")))
        #expect(AuditVerifier.verify(data) == .broken(line: 3, reason: "not an audit record (edited, or cut off by a power loss)"))
    }

    @Test func recordsCarryOnlyTypedFieldsAndHashedIdentifiers() throws {
        let folder = try KioskTestFolder()
        var log = try AuditLog(path: folder.file("audit.log"))
        let hasher = ParticipantHasher(salt: Data(repeating: 1, count: 32))
        try log.append(.sessionEnded(session: UUID(), reason: .completed, participant: hasher.hash("CANARY-7Q2"), tasksCompleted: 2), at: Self.start)
        let text = try String(contentsOfFile: folder.file("audit.log"), encoding: .utf8)
        #expect(!text.uppercased().contains("CANARY") && !text.contains("7Q2"))
        #expect(text.contains(hasher.hash("canary 7q2").hex) && text.contains(#""reason":"completed""#))
    }
}
