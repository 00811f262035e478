import Foundation
import Testing
@testable import StudyCore

/// The identification screen's rule per mode, and the station's `consent` key.
@Suite struct ParticipantIDCheckTests {
    @Test func aTypedIDIsAcceptedNormalizedOnlyWithItsCheckCharacter() {
        let check = ParticipantIDCheck(mode: .typed(check: .damm))
        #expect(check.verdict(for: "57-24") == .accepted("5724"))
        #expect(check.verdict(for: "5725") == .wrongCheckCharacter)
        #expect(check.verdict(for: "  ") == .empty)
        let mod97 = ParticipantIDCheck(mode: .typed(check: .mod97))
        #expect(mod97.verdict(for: "794 44") == .accepted("79444"))
        #expect(mod97.verdict(for: "79445") == .wrongCheckCharacter)
    }

    @Test func aRosterAdmitsOnlyItsIdentifiersInAnyCaseOrSpacing() {
        let check = ParticipantIDCheck(mode: .roster(file: "/r.txt"), roster: ParticipantRoster(text: "# list\nAB-12\nCD34\n"))
        #expect(check.verdict(for: "ab12") == .accepted("AB12"))
        #expect(check.verdict(for: "CD 34") == .accepted("CD34"))
        #expect(check.verdict(for: "ZZ99") == .notOnRoster)
        #expect(ParticipantIDCheck(mode: .roster(file: "/r.txt")).verdict(for: "AB12") == .notOnRoster, "no roster admits no one")
    }

    @Test func staffAndBarcodeCheckACharacterOnlyWhenConfigured() {
        #expect(ParticipantIDCheck(mode: .staff(check: nil)).verdict(for: "anything1") == .accepted("ANYTHING1"))
        #expect(ParticipantIDCheck(mode: .staff(check: .damm)).verdict(for: "5723") == .wrongCheckCharacter)
        #expect(ParticipantIDCheck(mode: .barcode(maxGapMilliseconds: 50, check: nil)).verdict(for: "X1") == .accepted("X1"))
        #expect(ParticipantIDCheck(mode: .barcode(maxGapMilliseconds: 50, check: .damm)).verdict(for: "5724") == .accepted("5724"))
        #expect(!ParticipantIDCheck().asksForID && ParticipantIDCheck(mode: .staff(check: nil)).asksForID)
    }

    @Test func onlyASCIILettersAndDigitsMayBeTyped() {
        #expect("aZ09".allSatisfy(ParticipantIDCheck.admits))
        #expect(!"é-_ .ß/".contains(where: ParticipantIDCheck.admits))
    }

    @Test func theConsentKeyDefaultsToNoneAndRefusesOtherValues() throws {
        let base = #"{"stationID": "lab-1", "study": {"folder": "study"}, "sessionPlan": [{"task": "mood"}]"#
        func decode(_ extra: String) throws(KioskConfigurationError) -> KioskConfiguration {
            try KioskConfiguration.decode(Data((base + extra + "}").utf8), file: "station.json", folder: "/etc/studyterm")
        }
        #expect(try decode("").consent == KioskConsent.none)
        #expect(try decode(#", "consent": "each-session""#).consent == .eachSession)
        #expect(throws: KioskConfigurationError.self) { try decode(#", "consent": "always""#) }
        do { _ = try decode(#", "consent": true"#); Issue.record("decoded") } catch { #expect(error.description.contains("consent")) }
    }

    @Test func theShippedExampleShowsTheConsentEverySession() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Resources/kiosk/station.example.json").standardizedFileURL.path
        #expect(try KioskConfiguration.load(path: example).consent == .eachSession)
    }
}
