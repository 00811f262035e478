import Testing
@testable import StudyCore

/// Check characters (with their published test vectors), rosters, scanner bursts and withdrawal codes.
@Suite struct ParticipantIdentifierTests {
    @Test func dammMatchesThePublishedExample() {
        // Damm (2004) and Wikipedia's worked example: 572 gets the check digit 4.
        #expect(CheckCharacterScheme.damm.appendingCheck(to: "572") == "5724")
        #expect(CheckCharacterScheme.damm.isValid("5724"))
        #expect(!CheckCharacterScheme.damm.isValid("5723"))
        #expect(CheckCharacterScheme.damm.appendingCheck(to: "12A") == nil)
    }

    @Test func dammCatchesEverySingleDigitErrorAndAdjacentTransposition() {
        let id = CheckCharacterScheme.damm.appendingCheck(to: "4829017")!
        let digits = Array(id)
        for i in digits.indices {
            for d in "0123456789" where d != digits[i] {
                var wrong = digits
                wrong[i] = d
                #expect(!CheckCharacterScheme.damm.isValid(String(wrong)))
            }
            if i + 1 < digits.count, digits[i] != digits[i + 1] {
                var swapped = digits
                swapped.swapAt(i, i + 1)
                #expect(!CheckCharacterScheme.damm.isValid(String(swapped)))
            }
        }
    }

    @Test func mod97MatchesTheISOExampleAndIBAN() {
        // ISO 7064's example: 794 gets the check digits 44.
        #expect(CheckCharacterScheme.mod97.appendingCheck(to: "794") == "79444")
        #expect(CheckCharacterScheme.mod97.isValid("79444"))
        // The IBAN GB82 WEST 1234 5698 7654 32, its first four characters moved to the end.
        #expect(CheckCharacterScheme.mod97.isValid("WEST12345698765432GB82"))
        #expect(!CheckCharacterScheme.mod97.isValid("WEST12345698765432GB83"))
        #expect(CheckCharacterScheme.mod97.isValid("west 1234-5698 7654 32gb82"))
        #expect(CheckCharacterScheme.mod97.appendingCheck(to: "AB_1") == nil)
    }

    @Test func mod97AppendsTwoDigitsEvenWhenTheCheckIsSmall() {
        for payload in ["1", "22", "ABC", "P0042", "ZZZZZZ"] {
            let id = CheckCharacterScheme.mod97.appendingCheck(to: payload)!
            #expect(id.count == payload.count + 2 && CheckCharacterScheme.mod97.isValid(id), "\(payload)")
        }
    }

    @Test func aRosterAdmitsItsIdentifiersWhateverTheirCaseOrHyphens() {
        let roster = ParticipantRoster(text: "# site A\nab-12\n\n  P0042 \n#P9999\n")
        #expect(roster.identifiers == ["AB12", "P0042"])
        #expect(roster.admits("AB12") && roster.admits("ab 12") && roster.admits("p0042"))
        #expect(!roster.admits("P9999") && !roster.admits("AB1"))
    }

    static func keys(_ text: String, start: Int, gap: Int) -> [BarcodeBurst.Key] {
        text.enumerated().map { i, c in BarcodeBurst.Key(c == "\n" ? .enter : .character(c), at: start + i * gap) }
    }

    @Test func aScannerBurstIsOneEntryAndHumanTypingIsNot() {
        let scanned = Self.keys("P0042\n", start: 1000, gap: 8)
        #expect(BarcodeBurst.entries(in: scanned) == ["P0042"])
        let typed = Self.keys("P0042\n", start: 1000, gap: 180)
        #expect(BarcodeBurst.entries(in: typed).isEmpty)
        let both = typed + Self.keys("Q77\n", start: 5000, gap: 10) + Self.keys("AB\n", start: 9000, gap: 5)
        #expect(BarcodeBurst.entries(in: both) == ["Q77"])
    }

    @Test func aBurstBrokenByAPauseOrAnotherKeyOrWithoutEnterCountsNothing() {
        var paused = Self.keys("P0042\n", start: 0, gap: 8)
        paused[5].milliseconds += 400
        #expect(BarcodeBurst.entries(in: paused).isEmpty)
        var broken = Self.keys("P0042\n", start: 0, gap: 8)
        broken.insert(BarcodeBurst.Key(.other, at: 20), at: 3)
        #expect(BarcodeBurst.entries(in: broken).isEmpty)
        #expect(BarcodeBurst.entries(in: Self.keys("P0042", start: 0, gap: 8)).isEmpty)
        // A slow first key then a burst: only the burst is the entry.
        let late = [BarcodeBurst.Key(.character("X"), at: 0)] + Self.keys("P0042\n", start: 500, gap: 8)
        #expect(BarcodeBurst.entries(in: late) == ["P0042"])
    }

    @Test func withdrawalCodesCarryACheckAndReadBackAsTyped() {
        var generator = SplitMix(seed: 7)
        var seen = Set<String>()
        for _ in 0..<200 {
            let code = WithdrawalCode(using: &generator)
            seen.insert(code.value)
            #expect(code.description.count == 12 && code.description.split(separator: "-").count == 3)
            #expect(WithdrawalCode(typed: code.description.lowercased()) == code)
            #expect(!code.value.prefix(8).contains { "01OIL".contains($0) })
        }
        #expect(seen.count == 200)
        let code = WithdrawalCode(using: &generator).description
        let typo = String(code.prefix(2)) + (code.dropFirst(2).first == "A" ? "B" : "A") + code.dropFirst(3)
        #expect(WithdrawalCode(typed: typo) == nil)
    }
}

/// A seeded generator, so the test draws the same codes every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
