import Foundation
import StudyCore
import StudyTUI

/// Runs a task in accessible line mode on stdin/stdout.
enum LineRunner {
    static func run(_ taskRun: TaskRun, environment: TaskEnvironment, warnings: [Diagnostic]) -> RunEnding {
        for w in warnings { Console.err(w.description) }
        var session = LineSession(run: taskRun, environment: environment,
                                  output: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
                                  readLine: { Swift.readLine(strippingNewline: true) },
                                  sleep: { seconds in Thread.sleep(forTimeInterval: seconds) })
        let note = session.play()
        return RunEnding(run: session.run, note: note)
    }
}
