import CommandDocs
import Foundation
import Testing
@testable import StudyServerKit

/// `studyterm-server`'s command table drives its parser, its help, its manual page and its completions.
@Suite struct ServerManualTests {
    /// Every command and `--option` of the table.
    static let table = ServerCommandTable.commands
    static var options: Set<String> { Set(table.flatMap { $0.options.map { "--" + $0.name } }) }

    @Test func theManualPageListsEveryCommandAndOptionAndTheExitStatuses() {
        let page = ManualPage.troff(ServerCommandTable.reference)
        for section in [".TH \"STUDYTERM-SERVER\" \"1\"", ".SH NAME", ".SH SYNOPSIS", ".SH COMMANDS", ".SH OPTIONS", ".SH EXIT STATUS"] {
            #expect(page.contains(section), "\(section)")
        }
        for command in Self.table { #expect(page.contains(".SS \"studyterm-server \(command.name)\"") || command.options.isEmpty, "\(command.name)") }
        for command in Self.table { #expect(page.contains("\\fB\(command.name)\\fR"), "\(command.name)") }
        for option in Self.options { #expect(page.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(option)") }
        for code in ServerExitCode.allCases { #expect(page.contains(".TP\n\\fB\(code.rawValue)\\fR\n"), "\(code)") }
    }

    @Test func bothCompletionsListEveryCommandAndOption() {
        for shell in ShellCompletion.Shell.allCases {
            let script = ShellCompletion.script(ServerCommandTable.reference, shell: shell)
            for word in Self.table.map(\.name) + Self.options.sorted() { #expect(script.contains(word), "\(shell): \(word)") }
        }
    }

    @Test func theHelpTextNamesEveryCommandAndOptionOfTheTable() {
        for command in Self.table { #expect(ServerHelp.usage.contains("studyterm-server \(command.name) ") || command.name == "serve") }
        #expect(ServerHelp.usage.hasPrefix("usage: studyterm-server [serve] --study DIR"))
        for option in Self.options { #expect(ServerHelp.usage.contains(option), "\(option)") }
        #expect(ServerHelp.text(for: "tokens").hasPrefix("studyterm-server tokens: Prints N new single-use registration tokens"))
    }

    @Test func eachCommandAcceptsTheOptionsOfItsTableAndNoOthers() throws {
        for command in Self.table {
            var words = [command.name]
            for option in command.options { words += option.value == nil ? ["--" + option.name] : ["--" + option.name, "x"] }
            try ServerArguments(words).allow(command: command.name)
            #expect(throws: UsageError.self) { try ServerArguments([command.name, "--frobnicate", "x"]).allow(command: command.name) }
        }
        #expect(ServerArguments.flagNames == ["help", "trust-forwarded-for", "all", "man"])
    }

    @Test func helpPrintsTheManualPageOrACompletionAndRefusesAnUnknownShell() throws {
        #expect(try ServerMain.manual(ServerArguments(["help", "--man"]))?.hasPrefix(".TH \"STUDYTERM-SERVER\"") == true)
        #expect(try ServerMain.manual(ServerArguments(["help", "--completion", "bash"]))?.contains("complete -F _studyterm_server studyterm-server") == true)
        #expect(try ServerMain.manual(ServerArguments(["help", "serve"])) == nil)
        #expect(throws: UsageError.self) { try ServerMain.manual(ServerArguments(["help", "--completion", "fish"])) }
    }
}
