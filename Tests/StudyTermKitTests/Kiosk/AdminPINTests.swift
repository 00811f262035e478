import Foundation
import Testing
@testable import StudyTermKit

/// The admin PIN file: a salted PBKDF2 key, mode 0600, and set-pin's refusals.
@Suite struct AdminPINTests {
    /// Few rounds keep the tests fast; the file records the rounds it was made with.
    static let rounds = 1000

    @Test func aPINFileMatchesItsPINOnlyAndHoldsNoPIN() throws {
        let folder = try KioskTestFolder()
        let pin = try AdminPIN(pin: "2468013579", rounds: Self.rounds)
        try pin.write(to: folder.file("pin.json"))
        #expect(try folder.mode("pin.json") == 0o600)
        let read = try AdminPIN.read(from: folder.file("pin.json"))
        #expect(read == pin && read.matches("2468013579"))
        #expect(!read.matches("2468013578") && !read.matches("") && !read.matches("24680135790"))
        let text = try String(contentsOfFile: folder.file("pin.json"), encoding: .utf8)
        #expect(!text.contains("2468013579") && text.contains("PBKDF2-HMAC-SHA256"))
    }

    @Test func theSamePINGetsADifferentSaltEachTime() throws {
        let a = try AdminPIN(pin: "123456", rounds: Self.rounds), b = try AdminPIN(pin: "123456", rounds: Self.rounds)
        #expect(a.salt != b.salt && a.key != b.key && a.matches("123456") && b.matches("123456"))
    }

    @Test func aPINIsSixToSixteenDigits() {
        for bad in ["12345", "12345678901234567", "12345a", "１２３４５６", ""] {
            #expect(throws: AdminPIN.Refusal.notDigits) { try AdminPIN(pin: bad, rounds: Self.rounds) }
        }
    }

    @Test func setPINRefusesWithoutATerminalAndAsksNothing() throws {
        let folder = try KioskTestFolder()
        var asked = 0
        let error = #expect(throws: CLIError.self) {
            try KioskSetPINCommand.setPIN(at: folder.file("pin.json"), isTerminal: false, rounds: Self.rounds) { _ in asked += 1; return "123456" }
        }
        #expect(error?.code == 64 && error?.message.contains("terminal") == true && asked == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("pin.json")))
    }

    @Test func setPINWritesOnlyWhenBothPINsAgree() throws {
        let folder = try KioskTestFolder()
        var answers = ["123456", "123465"]
        let differ = #expect(throws: CLIError.self) {
            try KioskSetPINCommand.setPIN(at: folder.file("pin.json"), isTerminal: true, rounds: Self.rounds) { _ in answers.removeFirst() }
        }
        #expect(differ?.code == 1 && !FileManager.default.fileExists(atPath: folder.file("pin.json")))
        answers = ["123456", "123456"]
        try KioskSetPINCommand.setPIN(at: folder.file("pin.json"), isTerminal: true, rounds: Self.rounds) { _ in answers.removeFirst() }
        #expect(try AdminPIN.read(from: folder.file("pin.json")).matches("123456"))
        #expect(try folder.mode("pin.json") == 0o600)
    }

    @Test func theDefaultCostIsOWASPsFigure() throws {
        #expect(AdminPIN.defaultRounds >= 600_000)
        let pin = try AdminPIN(pin: "97531864")
        #expect(pin.rounds == AdminPIN.defaultRounds && pin.matches("97531864"))
    }
}
