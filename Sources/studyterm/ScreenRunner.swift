import Foundation
import StudyTermKit
import StudyCore
import StudyTUI
import TUIKit
import TUINcurses

/// Runs a task screen on the real terminal and restores the terminal on every way out.
enum ScreenRunner {
    static func run(_ taskRun: TaskRun, environment: TaskEnvironment) throws -> RunEnding {
        let terminal: NcursesTerminal
        do { terminal = try NcursesTerminal() } catch {
            throw CLIError(message: "cannot open the terminal: \(error); try --accessible", code: CLIError.Code.runStopped)
        }
        var environment = environment
        environment.colorsAvailable = environment.colorsAvailable && terminal.colorsAvailable
        var loop = EventLoop(program: TaskScreen(run: taskRun, size: terminal.size, environment: environment), terminal: terminal)
        let exit = loop.run()
        var screen = loop.program
        terminal.close()
        switch exit {
        case .signal(let s):
            if !screen.run.isFinished { screen.settle(.signalled(s)) }
            return RunEnding(run: screen.run, signal: s)
        case .inputEnded:
            if !screen.run.isFinished { screen.settle(.signalled(.hangup)) }
            return RunEnding(run: screen.run, note: "The terminal input ended; your answers were saved.")
        case .quit:
            return RunEnding(run: screen.run)
        }
    }
}
