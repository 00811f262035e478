import Foundation
import Testing
@testable import StudyTermKit

/// Salted participant hashes and the station's salt file.
@Suite struct ParticipantHasherTests {
    @Test func theSaltFileIsMadeOnceWithMode0600AndKeepsHashesStable() throws {
        let folder = try KioskTestFolder()
        let first = try ParticipantHasher.loadOrCreate(saltFile: folder.file("salt"))
        #expect(try folder.mode("salt") == 0o600)
        let again = try ParticipantHasher.loadOrCreate(saltFile: folder.file("salt"))
        #expect(first.hash("P0042") == again.hash("p-0042"))
        #expect(first.hash("P0042") != first.hash("P0043"))
        #expect(first.hash("P0042").hex.count == 64)
    }

    @Test func anotherStationsSaltGivesAnotherHash() throws {
        let a = try ParticipantHasher.loadOrCreate(saltFile: try KioskTestFolder().file("salt"))
        let b = try ParticipantHasher.loadOrCreate(saltFile: try KioskTestFolder().file("salt"))
        #expect(a.hash("P0042") != b.hash("P0042"))
    }

    @Test func aSaltFileOfTheWrongSizeIsRefused() throws {
        let folder = try KioskTestFolder()
        try folder.write("salt", "short")
        #expect(throws: PrivateFile.Failure.self) { try ParticipantHasher.loadOrCreate(saltFile: folder.file("salt")) }
    }
}
