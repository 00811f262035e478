import Foundation
import Testing
@testable import StudyTermKit

/// The `kiosk` commands in a command table: two-word dispatch, the group's help, and exit codes.
@Suite struct KioskCommandTests {
    static let program = CommandLineProgram(root: CommandSpec(path: [], abstract: "Test."), commands: KioskCommands.commands,
                                            groups: [KioskCommands.group])

    @Test func theHelpListsTheGroupOnceAndItsPageListsItsCommands() {
        let top = Self.program.help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        #expect(top.contains("\n  kiosk ") && !top.contains("set-pin") && top.contains("\n  help "))
        let group = Self.program.help(for: ["kiosk"])
        for word in ["check-config", "register", "set-pin", "verify-audit", "doctor", "reset-pin-lockout"] { #expect(group.contains("\n  \(word) "), "\(word)") }
        #expect(Self.program.help(for: ["kiosk", "doctor"]).contains("--config <config>"))
        #expect(Self.program.reference.commands.map(\.name) == ["kiosk check-config", "kiosk register", "kiosk set-pin", "kiosk verify-audit", "kiosk doctor", "kiosk reset-pin-lockout", "help"])
    }

    @Test func anUnknownKioskCommandIsAUsageError() {
        let error = #expect(throws: UsageError.self) { try Self.program.run(["kiosk", "start"]) }
        #expect(error?.message == "unknown command 'kiosk start'")
        #expect(throws: UsageError.self) { try Self.program.run(["kiosk", "verify-audit"]) }
    }

    @Test func checkConfigExits78WithOneLineForABadFile() throws {
        let folder = try KioskTestFolder()
        let file = try folder.write("station.json", #"{"stationID": "a", "study": {"folder": "s"}, "sessionPlan": [{"task": "t"}], "colour": 1}"#)
        let error = #expect(throws: CLIError.self) { try Self.program.run(["kiosk", "check-config", file]) }
        #expect(error?.code == 78 && error?.message.hasPrefix("\(file): colour: unknown key") == true && error?.message.contains("\n") == false)
    }

    @Test func verifyAuditExits1NamingTheLine() throws {
        let folder = try KioskTestFolder()
        var log = try AuditLog(path: folder.file("audit.log"))
        for i in 0..<3 { try log.append(.syncSucceeded(sent: i), at: Date(timeIntervalSince1970: 0)) }
        try Self.program.run(["kiosk", "verify-audit", folder.file("audit.log")])
        let text = try String(contentsOfFile: folder.file("audit.log"), encoding: .utf8)
        try folder.write("audit.log", text.replacingOccurrences(of: #""sent":1"#, with: #""sent":9"#))
        let error = #expect(throws: CLIError.self) { try Self.program.run(["kiosk", "verify-audit", folder.file("audit.log")]) }
        #expect(error?.code == 1 && error?.message == "\(folder.file("audit.log")): line 2: edited: its hash is not the one line 3 records")
        let missing = #expect(throws: CLIError.self) { try Self.program.run(["kiosk", "verify-audit", folder.file("none.log")]) }
        #expect(missing?.code == 3)
    }
}
