import CommandDocs
import Foundation
import Testing
@testable import StudyTermKit

/// The manual page and the shell completions of a program, generated from its command table.
@Suite struct ManualPageTests {
    /// A command with an argument that is a file, and options of every kind.
    struct Open: StudyTermCommand {
        static let spec = CommandSpec(
            path: ["open"], abstract: "Opens a file.", discussion: ".A line that starts like a request, with a \\ and a é.",
            arguments: [(name: "file", help: "The file.")], argumentCompletion: ["file": .file],
            options: [.flag("quiet", "Say less."), .value("format", "text or json.", choices: ["text", "json"]),
                      .value("out-dir", "A folder.", completes: .directory), .repeated("context", "A resource.", completes: .file),
                      .value("lang", "A language.")])
        init(_ arguments: ParsedArguments) {}
        func run() throws {}
    }

    /// A command with no options at all.
    struct Plain: StudyTermCommand {
        static let spec = CommandSpec(path: ["plain"], abstract: "Does nothing.")
        init(_ arguments: ParsedArguments) {}
        func run() throws {}
    }

    static let program = CommandLineProgram(
        root: CommandSpec(path: [], abstract: "Test things.", exitStatus: [("0", "Fine."), ("64", "Wrong line.")],
                          environment: [("TEST_HOME", "Where.")]),
        commands: [Open.self, Plain.self], defaultCommand: Open.self, version: "1.2")

    /// Every command word and every `--option` of the program's table, `help` included.
    static var tableWords: (commands: [String], options: [String]) {
        let specs = program.specs
        return (specs.compactMap(\.path.last), specs.flatMap { $0.options.map { "--" + $0.name } } + ["--help", "--version"])
    }

    @Test func theHelpCommandIsInTheTableThatTheHelpPageLists() throws {
        #expect(Self.program.specs.map(\.path).last == ["help"])
        let subcommands = Self.program.help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        #expect(subcommands.contains("\n  help "))
        #expect(Self.program.help(for: ["help"]).contains("--completion <completion>"))
        #expect(Self.program.help(for: ["help"]).contains("USAGE: studyterm help [<command>]"))
        #expect(throws: UsageError.self) { try Self.program.run(["help", "frobnicate"]) }
        #expect(throws: UsageError.self) { try Self.program.run(["help", "--completion", "fish"]) }
    }

    @Test func theManualPageListsEveryCommandAndOptionOfTheTable() {
        let page = ManualPage.troff(Self.program.reference)
        for section in [".TH \"STUDYTERM\" \"1\"", ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH OPTIONS",
                        ".SH EXIT STATUS", ".SH ENVIRONMENT"] {
            #expect(page.contains(section), "\(section)")
        }
        let words = Self.tableWords
        for command in words.commands { #expect(page.contains("\\fB\(command)\\fR"), "\(command)") }
        for option in words.options {
            #expect(page.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(option)")
        }
        #expect(page.contains(".SS \"studyterm open\""))
        #expect(page.contains("\\fB64\\fR\nWrong line.") && page.contains("\\fBTEST_HOME\\fR\nWhere."))
    }

    @Test func theManualPageEscapesWhatTroffWouldReadAsRequests() {
        let page = ManualPage.troff(Self.program.reference)
        #expect(page.contains("\n\\&.A line that starts like a request, with a \\e and a \\[u00E9]."))
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        let noSections = CommandReference(program: "x", abstract: "X.", commands: [])
        #expect(!ManualPage.troff(noSections).contains("EXIT STATUS"))
        #expect(!ManualPage.troff(noSections).contains("ENVIRONMENT"))
    }

    @Test func bothCompletionsListEveryCommandAndOption() {
        let words = Self.tableWords
        for shell in ShellCompletion.Shell.allCases {
            let script = ShellCompletion.script(Self.program.reference, shell: shell)
            for word in words.commands + words.options { #expect(script.contains(word), "\(shell): \(word)") }
        }
    }

    @Test func bashCompletesValuesFromTheTableAndPathsWhereAnOptionTakesOne() {
        let script = ShellCompletion.script(Self.program.reference, shell: .bash)
        #expect(script.contains("--format) mapfile -t COMPREPLY < <(compgen -W 'text json' -- \"$cur\");"))
        #expect(script.contains("--out-dir) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\");"))
        #expect(script.contains("--context) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\");"))
        #expect(script.contains("--completion) mapfile -t COMPREPLY < <(compgen -W 'bash zsh' -- \"$cur\");"))
        #expect(script.contains("[[ $command == -* ]] && command=open"))
        #expect(script.hasSuffix("complete -F _studyterm studyterm\n"))
    }

    @Test func zshDescribesCommandsAndOptionsWithTheirValues() {
        let script = ShellCompletion.script(Self.program.reference, shell: .zsh)
        #expect(script.hasPrefix("#compdef studyterm\n"))
        #expect(script.contains("'open:Opens a file.'"))
        #expect(script.contains("'--format=[text or json.]:format:(text json)'"))
        #expect(script.contains("'*--context=[A resource.]:context:_files'"))
        #expect(script.contains("'--out-dir=[A folder.]:out-dir:_files -/'"))
        #expect(script.contains("'::command:(open plain help)'"))
    }

    @Test func theHelpCommandTakesAnOptionalCommandName() throws {
        let parsed = try ParsedArguments(["run", "--man"], spec: Self.program.helpSpec)
        #expect(parsed.optionalArgument(0) == "run" && parsed.flag("man"))
        #expect(try ParsedArguments([], spec: Self.program.helpSpec).optionalArgument(0) == nil)
        #expect(try ParsedArguments(["a", "b"], spec: Self.program.helpSpec).optionalArgument(1) == "b")
        #expect(throws: UsageError.self) { try ParsedArguments(["a", "b", "c"], spec: Self.program.helpSpec) }
    }
}
