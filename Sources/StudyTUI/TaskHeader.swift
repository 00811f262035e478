import StudyCore
import TUIKit

/// The header's text for the current step: the task's title (sanitized) and its progress
/// ("Step 3 of 9", "Step 3 of about 9", or empty). Worked out when a step appears: both change
/// only with navigation, and the header is drawn at every key.
struct TaskHeader: Sendable {
    let title: String
    let progress: String

    init(run: TaskRun) {
        title = Sanitizer.sanitizeLine(run.task.title ?? run.task.identifier)
        if let p = run.progress {
            progress = p.isEstimated ? "Step \(p.current) of about \(p.total)" : "Step \(p.current) of \(p.total)"
        } else {
            progress = ""
        }
    }
}
