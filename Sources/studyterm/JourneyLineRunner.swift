import Foundation
import StudyTermKit
import StudyCore
import StudyStore
import StudyTUI
import TUIKit

/// How a task asked in line mode ended, for the next line session's greeting.
enum TaskEnding: Equatable {
    /// The run ended and was recorded with this reason.
    case recorded(FinishReason)
    /// Nothing was run or recorded; the sentence says why.
    case notRun(String)
    /// A termination signal arrived during the task (the run was saved first).
    case signalled(TerminalSignal)
}

/// The journey in line mode on standard input and output: line sessions and tasks asked as line
/// prompts (``LineSession``), alternating until the participant quits or input ends. Tasks are
/// recorded as from the full screen: a snapshot after every answer, the finish once.
struct JourneyLineRunner {
    /// The journey's services.
    let services: JourneyServices
    /// The store tasks are recorded in.
    let store: StudyStore

    /// Writes people's text (ASCII outside a UTF-8 locale); false once the reader has gone.
    private let io = LineIO()

    /// Runs line sessions and tasks until the participant quits or input ends.
    func run() {
        // Said on standard error: standard output has no reader any more (`| head`).
        defer { if io.gone { Console.err("The output was closed (nobody reads it any more).") } }
        var notice: String?
        while true {
            var session = JourneyLineSession(services: services, output: io.write, readLine: io.readLine, notice: notice)
            guard case .runTask(let launch) = session.play(), !io.gone else { return }
            switch TaskSession.prepare(launch, store: store) {
            case .failure(let failure):
                notice = "! " + failure.message
            case .success(let task):
                let (ending, inputEnded) = runTask(task)
                switch ending {
                case .recorded(let reason): notice = JourneyProgram.sentence(reason, title: launch.task.title)
                case .notRun(let why): notice = "! " + why
                case .signalled: return
                }
                if inputEnded {
                    if io.gone { Console.err(notice ?? "") } else { io.write((notice ?? "") + "\n") }
                    return
                }
            }
        }
    }

    /// Asks one task as line prompts; every accepted answer is stored before the next prompt. Returns
    /// how it was recorded, and whether input ended during it (it was then saved for later).
    private func runTask(_ task: TaskSession) -> (TaskEnding, inputEnded: Bool) {
        let recorder = task.recorder
        let environment = LiveEnvironment.make(speak: false, autosave: recorder.snapshotSaver)
        var lines = LineSession(run: task.run, environment: environment, output: io.write, readLine: io.readLine,
                                sleep: { Thread.sleep(forTimeInterval: $0) }, width: LineRunner.columns())
        let note = lines.play()
        if let note { io.write(note + "\n") }
        if note == nil, lines.run.finishReason == .saved { io.write("Saved.\n") }   // the session leaves saying so to its caller
        do {
            return (.recorded(try task.finish(lines.run)), note != nil || io.gone)
        } catch {
            return (.notRun("\(task.launch.task.title) could not be recorded: \(error.cause). Your answers are kept: start it again from the dashboard to finish it."), note != nil || io.gone)
        }
    }
}

