import Foundation
import StudyTermKit
import StudyCore
import StudyStore
import TUINcurses

/// Where `studyterm run` writes: the result (the task format's record, such as a
/// QuestionnaireResponse, when it keeps one), the task result beside it then, and the restoration
/// snapshot; and how it ends (message, exit status).
struct RunOutputs {
    /// The result file (the format's record, when it keeps one).
    let out: String
    /// The task result file (the same as `out` unless the format keeps a record).
    let taskResult: String
    /// The restoration snapshot, written after every answer.
    let snapshot: String
    /// What the format's record is called, when it keeps one ("QuestionnaireResponse").
    let recordName: String?
    /// The folder asked for could not take the result, so these paths are a fallback (exit 4).
    var requestedFolderFailed = false

    init(out: String, taskResult: String, snapshot: String, recordName: String?, requestedFolderFailed: Bool) {
        (self.out, self.taskResult, self.snapshot) = (out, taskResult, snapshot)
        self.recordName = recordName
        self.requestedFolderFailed = requestedFolderFailed
    }

    /// Exit statuses of a run (the README lists them).
    enum Status {
        static let completed: Int32 = 0
        static let saved: Int32 = 10
        static let discarded: Int32 = 11
        static let earlyExit: Int32 = 12
        static let failed: Int32 = 13
    }

    init(out: String?, restore: String?, task: TaskDefinition, runID: UUID, recordName: String?) {
        let safeID = String(task.identifier.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        let path = out ?? "\(safeID)-\(runID.uuidString.prefix(8).lowercased()).json"
        let stem = Self.stem(path)
        self.out = path
        self.recordName = recordName
        taskResult = recordName != nil ? stem + ".task-result.json" : path
        snapshot = Self.snapshot(out: path, restore: restore)
    }

    /// The snapshot a run with `out` and `restore` keeps its progress in.
    static func snapshot(out: String, restore: String?) -> String {
        restore ?? stem(out) + ".snapshot.json"
    }

    private static func stem(_ path: String) -> String {
        path.hasSuffix(".json") ? String(path.dropLast(5)) : path
    }

    /// Writes what the ending calls for, prints where it went, and exits with the run's status.
    func finish(_ ending: RunEnding, loaded: LoadedTask, releasing lock: RunSnapshotLock? = nil) throws -> Never {
        let run = ending.run
        if let note = ending.note { Console.err(note) }
        var status: Int32
        switch run.finishReason {
        case .discarded?:
            try? FileManager.default.removeItem(atPath: snapshot)
            Console.out("Discarded: no answers were kept.")
            status = Status.discarded
        case .completed?, .earlyExit?, .failed?, .timedOut?:
            var fellBack = requestedFolderFailed
            if let record = TaskSource.record(of: run, loaded: loaded) {
                let name = loaded.export.recordName ?? "record"
                guard let written = Self.writeSomewhere(record.prettyJSON, to: out, what: name) else {
                    try Self.writtenNowhere(run)
                }
                fellBack = fellBack || written.fellBack
                Console.out("\(name) written to \(written.path)")
                try TaskSource.writeObservations(from: record, loaded: loaded, beside: written.path)
            }
            guard let written = Self.writeSomewhere(run.result.json.prettyJSON, to: taskResult, what: "task result") else {
                try Self.writtenNowhere(run)
            }
            fellBack = fellBack || written.fellBack
            Console.out("Task result written to \(written.path)")
            for log in Self.writeTrialLogs(of: run, beside: written.path) { Console.out("Trial log written to \(log)") }
            try? FileManager.default.removeItem(atPath: snapshot)
            switch run.finishReason {
            case .completed?: status = Status.completed
            // `run` has no idle timeout; a run stopped by one would have ended early, not failed.
            case .earlyExit?, .timedOut?: status = Status.earlyExit
            default: status = Status.failed
            }
            if let failure = run.failure { Console.err("The task failed: \(failure)") }
            if fellBack { status = CLIError.Code.cannotWrite }
        default:
            let saved = "Saved. Resume with: studyterm run \(CommandLine.arguments.dropFirst(2).first ?? "FILE") --restore \(snapshot)"
            // A reader that went away (`| head`) must not take the way back with it.
            if !Console.write(saved + "\n", to: STDOUT_FILENO) { Console.err(saved) }
            status = Status.saved
        }
        if let signal = ending.signal { status = signal.exitStatus }
        ProcessSignals.removeOnEnd(nil)  // from here the lock file may be another process's
        lock?.release()
        throw ProcessEnd(status: status)
    }

    /// No folder took the result: the snapshot (written after every answer) is kept, and the
    /// result goes to standard output as a last resort, so the answers are not lost.
    static func writtenNowhere(_ run: TaskRun) throws -> Never {
        Console.out(run.result.json.prettyJSON)
        throw CLIError(message: "no folder could take the task result; it was written to standard output above",
                 code: CLIError.Code.cannotWrite)
    }
}
