import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// How often the journey asks the study server for a newer version by itself: hourly.
    static let versionCheckInterval: TimeInterval = 3600

    /// Asks the server for a version other than the session's (by ETag), in the background.
    func checkVersion(_ session: StudySession) -> Command<JourneyMessage> {
        let services = services
        return .work(JourneyWork.versionCheck) {
            do { return .versionChecked(.success(try await services.reload(session))) } catch {
                return .versionChecked(.failure(JourneyFailure(error)))
            }
        }
    }

    /// The version check the sending round brings: the first once the study opened (at start),
    /// every round while the tasks are missing, else once an hour has passed since the last one.
    mutating func versionCheckDue(now: Date) -> [Command<JourneyMessage>] {
        guard let session else { return [] }
        let due = session.awaitingTasks || lastVersionCheck.map { now.timeIntervalSince($0) >= Self.versionCheckInterval } ?? true
        guard due else { return [] }
        lastVersionCheck = now
        return [checkVersion(session)]
    }

    /// A check's answer: a new version (or the tasks that were missing) is applied on the dashboard
    /// at once and says what changed; during a task, after it. A failure keeps what is shown, and
    /// while the tasks are missing the dashboard shows the newest reason.
    mutating func versionChecked(_ result: Result<StudySession, JourneyFailure>) -> [Command<JourneyMessage>] {
        lastVersionCheck = services.now()
        let before = session
        let commands = drive(.versionChecked(result))
        if let before, Self.isNewer(session, than: before), let updated = session { announce(from: before, to: updated) }
        return commands
    }
}
