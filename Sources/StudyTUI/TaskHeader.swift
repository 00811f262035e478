import StudyCore
import TUIKit

/// The header's text for the current step: the task's title (sanitized) and its progress
/// ("Step 3 of 9", "Step 3 of about 9", or empty). Worked out when a step appears: both change
/// only with navigation, and the header is drawn at every key.
struct TaskHeader: Sendable {
    let title: String
    let progress: String
    /// The progress text's width in columns.
    let progressWidth: Int
    /// The title as drawn at the width last laid out (see ``layOut(width:)``).
    private(set) var shownTitle = ""

    init(run: TaskRun) {
        title = Sanitizer.sanitizeLine(run.task.title ?? run.task.identifier)
        if let p = run.progress {
            progress = p.isEstimated ? "Step \(p.current) of about \(p.total)" : "Step \(p.current) of \(p.total)"
        } else {
            progress = ""
        }
        progressWidth = TextWidth.width(of: progress)
    }

    /// Fits the title beside the progress on a row `width` columns wide.
    mutating func layOut(width: Int) {
        shownTitle = " " + TextWidth.truncate(title, to: max(1, width - progressWidth - 4))
    }
}
