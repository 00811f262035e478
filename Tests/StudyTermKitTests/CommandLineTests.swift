import Foundation
import Testing
@testable import StudyTermKit

/// The command-line parser and the program's choice of command, without a process to exit.
@Suite struct CommandLineTests {
    static let spec = CommandSpec(path: ["run"], abstract: "Run.", arguments: [(name: "file", help: "The file.")],
                                  options: [.flag("speak", "Speak."), .value("lang", "Language."),
                                            .value("format", "Format.", choices: ["text", "json"]),
                                            .repeated("context", "Context.")])

    func parse(_ words: String) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(words.split(separator: " ").map(String.init), spec: Self.spec)
    }

    func usageError(_ words: String) -> String? {
        do { _ = try parse(words); return nil } catch { return error.message }
    }

    @Test func readsArgumentsValuesFlagsAndRepeatedOptionsInAnyOrder() throws {
        let parsed = try parse("--lang=de task.json --speak --context a=1 --format json --context b=2")
        #expect(parsed.argument(0) == "task.json")
        #expect(parsed.value("lang") == "de")
        #expect(parsed.flag("speak"))
        #expect(parsed.values("context") == ["a=1", "b=2"])
        #expect(parsed.value("format") == "json")
        #expect(try parse("-- --speak").argument(0) == "--speak")
    }

    @Test func refusesWhatDoesNotFitTheSpecWithOneClearSentence() {
        #expect(usageError("") == "missing expected argument '<file>'")
        #expect(usageError("a b") == "unexpected argument 'b'")
        #expect(usageError("a --colour") == "unknown option '--colour'")
        #expect(usageError("a --speak=yes") == "'--speak' takes no value")
        #expect(usageError("a --lang") == "missing value for '--lang <lang>'")
        #expect(usageError("a --format xml") == "the value 'xml' is invalid for '--format <format>'; use one of 'text', 'json'")
        #expect(usageError("a --lang de --lang nl") == "'--lang' is given more than once")
        #expect(usageError("--help") == nil)
    }

    @Test func usageErrorsNameTheCommandLineAndWhereToReadMore() {
        let text = UsageError("unknown option '--x'", spec: Self.spec).text
        #expect(text.hasPrefix("Error: unknown option '--x'\nUSAGE: studyterm run <file>"))
        #expect(text.hasSuffix("See 'studyterm run --help' for more information."))
        #expect(CommandSpec(program: "studyterm-bench", path: ["core"], abstract: "").commandLine == "studyterm-bench core")
    }

    /// Records the arguments it was run with.
    struct Recording: StudyTermCommand {
        static let spec = CommandSpec(path: ["record"], abstract: "Records.", options: [.flag("loud", "Loud.")])
        static let runs = Box()
        let loud: Bool
        init(_ arguments: ParsedArguments) { loud = arguments.flag("loud") }
        func run() throws { Self.runs.append(loud ? "loud" : "quiet") }
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ item: String) { lock.withLock { items.append(item) } }
        var all: [String] { lock.withLock { items } }
    }

    @Test func theProgramRunsTheNamedCommandOrTheDefaultAndRefusesUnknownOnes() throws {
        let program = CommandLineProgram(root: CommandSpec(path: [], abstract: "Test."), commands: [Recording.self],
                                         defaultCommand: Recording.self, version: "1")
        try program.run(["record", "--loud"])
        try program.run(["--loud"])
        try program.run([])
        #expect(Recording.runs.all == ["loud", "loud", "quiet"])
        #expect(throws: UsageError.self) { try program.run(["frobnicate"]) }
        do { try program.run(["frobnicate"]) } catch let error as UsageError {
            #expect(error.message == "unknown command 'frobnicate'")
            #expect(error.subcommands.map(\.path) == [["record"], ["help"]])
        }
        #expect(program.help(for: ["record"]).contains("Records."))
    }
}
