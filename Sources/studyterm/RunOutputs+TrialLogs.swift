import Foundation
import StudyCore
import StudyTermKit

extension RunOutputs {
    /// Writes the trial log of every timed step on the run's route as NDJSON beside the task
    /// result (`STEM.STEP.trials.ndjson`, a section's steps as `SECTION.STEP`); returns the files
    /// written. A log that cannot be written is said on standard error; the task result holds the
    /// same trials.
    static func writeTrialLogs(of run: TaskRun, beside result: String) -> [String] {
        let stem = result.hasSuffix(".json") ? String(result.dropLast(5)) : result
        var written: [String] = []
        for (path, measured) in run.result.root.measurementsOnPath(prefix: "") where !measured.trials.isEmpty {
            let name = String(path.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "." })
            let file = "\(stem).\(name).trials.ndjson"
            do {
                try Data(measured.trialLog.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
                chmod(file, 0o600)
                written.append(file)
            } catch {
                Console.err("The trial log of \(path) could not be written to \(file): \(error.localizedDescription)")
            }
        }
        return written
    }
}
