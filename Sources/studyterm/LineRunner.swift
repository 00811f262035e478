import Foundation
import StudyCore
import StudyTUI

/// Runs a task in accessible line mode on stdin/stdout.
enum LineRunner {
    static func run(_ taskRun: TaskRun, environment: TaskEnvironment, warnings: [Diagnostic]) -> RunEnding {
        for w in warnings { Console.err(w.description) }
        // A reader that went away (a closed pipe) ends the session as the end of input does: saved.
        let output = OutputState()
        var session = LineSession(run: taskRun, environment: environment,
                                  output: { text in if !Console.write(text, to: STDOUT_FILENO, forPeople: true) { output.gone = true } },
                                  readLine: { output.gone ? nil : Swift.readLine(strippingNewline: true) },
                                  sleep: { seconds in Thread.sleep(forTimeInterval: seconds) })
        let note = session.play()
        return RunEnding(run: session.run, note: note)
    }

    /// Whether standard output still has a reader.
    private final class OutputState: @unchecked Sendable {
        var gone = false
    }
}
