import Foundation
import StudyTermKit
import StudyCore

#if canImport(Glibc)
    import Glibc
#endif

/// The navigation core on a generated 10,000-step task with survey rules on every tenth step.
struct CoreBench: StudyTermCommand {
    static let spec = CommandSpec(
        program: "studyterm-bench", path: ["core"], abstract: "Decode and headless-run a generated task.",
        options: [.value("steps", "Steps in the generated task (default: 10000)."),
                  .value("runs", "Repetitions; the median is reported (default: 5).")])

    let steps: Int
    let runs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        steps = try arguments.integer("steps", default: 10_000)
        runs = try arguments.integer("runs", default: 5)
    }

    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("studyterm-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("generated.json")
        try Data(Self.generateTask(steps: steps).utf8).write(to: file)
        let answers = Self.answers(steps: steps)

        var decode: [Double] = [], runTimes: [Double] = []
        var lastPath = 0
        for _ in 0..<runs {
            let t0 = Self.clock()
            let task = try TaskFileLoader().load(path: file.path).task!
            let t1 = Self.clock()
            let outcome = HeadlessRunner(task: task).run(answers)
            let t2 = Self.clock()
            guard outcome.error == nil, outcome.run.finishReason == .completed else {
                throw CLIError(message: "the benchmark run did not complete: \(outcome.error?.message ?? "?")", code: CLIError.Code.runStopped)
            }
            lastPath = outcome.path.count
            decode.append(t1 - t0)
            runTimes.append(t2 - t1)
        }
        let peak = Self.peakMemoryMB()
        Console.out("core benchmark: \(steps) steps (survey rules on every tenth), \(runs) runs, path of \(lastPath) steps")
        Console.out("| measure | median | target |")
        Console.out("|---|---|---|")
        Console.out("| decode (read + parse + import) | \(Self.ms(median(decode))) ms | < 150 ms |")
        Console.out("| headless run with scripted answers | \(Self.ms(median(runTimes))) ms | < 300 ms |")
        Console.out("| peak memory (whole process) | \(String(format: "%.1f", peak)) MB | < 100 MB |")
    }

    func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    static func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }

    static func clock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func peakMemoryMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    }

    /// A v2 task: every fifth step an instruction, the rest integer forms; every tenth has a survey rule.
    static func generateTask(steps: Int) -> String {
        var parts: [String] = []
        parts.reserveCapacity(steps)
        for i in 0..<steps {
            if i % 5 == 4 {
                parts.append(#"{"identifier":"s\#(i)","type":"instruction","title":"Instruction \#(i)","text":"Read this and continue."}"#)
                continue
            }
            var rules = ""
            if i % 10 == 0, i + 2 < steps {
                rules = #","surveyRules":[{"matchingAnswer":50,"ruleOperator":"gt","skipToIdentifier":"s\#(i + 2)"}]"#
            }
            parts.append(#"{"identifier":"s\#(i)","type":"form","title":"Question \#(i)","inputFields":[{"identifier":"s\#(i)","type":"integer","prompt":"How many?","range":{"minimumValue":0,"maximumValue":100}\#(rules)}]}"#)
        }
        return #"{"identifier":"generated","steps":[\#(parts.joined(separator: ",\n"))]}"#
    }

    /// Answers for every question step (i mod 100: half the rules jump).
    static func answers(steps: Int) -> AnswerScript {
        var map: [String: JSONValue] = [:]
        for i in 0..<steps where i % 5 != 4 { map["s\(i)"] = .int(i % 100) }
        return .answers(map)
    }
}
