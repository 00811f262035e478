import Foundation
import TUIKit

extension DashboardScreen {
    /// What the dashboard says while the study's tasks cannot be fetched: the reason (the server's
    /// words, sanitized) and that StudyTerm tries again by itself.
    static func fetchProblemText(_ problem: String) -> String {
        "Your study's tasks could not be fetched yet: \(Sanitizer.sanitizeLine(String(problem.prefix(400)))) "
            + "StudyTerm tries again every minute while it runs, and at its next start."
    }
}
