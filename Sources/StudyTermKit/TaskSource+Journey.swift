import Foundation
import StudyCore

extension TaskSource {
    /// Loads a runnable task for the journey: errors are thrown (the terminal is in use), never printed.
    package static func loadForJourney(_ url: URL) throws(TaskLoadError) -> LoadedTask {
        try load(url.path)
    }
}
