import Foundation
import StudyTermKit
import StudyCore
import StudyTUI

/// Runs a task in accessible line mode on stdin/stdout.
enum LineRunner {
    static func run(_ taskRun: TaskRun, environment: TaskEnvironment, warnings: [Diagnostic]) -> RunEnding {
        for w in warnings { Console.err(w.description) }
        // A reader that went away (a closed pipe) ends the session as the end of input does: saved.
        let io = LineIO()
        var session = LineSession(run: taskRun, environment: environment, output: io.write, readLine: io.readLine,
                                  sleep: { seconds in Thread.sleep(forTimeInterval: seconds) }, width: Self.columns())
        let note = session.play()
        // Said on standard error: standard output has no reader any more.
        return RunEnding(run: session.run, note: io.gone ? "The output was closed (nobody reads it any more)." : note)
    }

    /// The width to wrap line-mode text to: the terminal's, else `COLUMNS`, else 80.
    static func columns() -> Int {
        var size = winsize()
        if isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let c = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), c > 0 { return c }
        return 80
    }
}
