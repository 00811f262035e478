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
        guard let session else { return [] }
        switch result {
        case .failure(let failure):
            if session.awaitingTasks { destination.updateDashboard { $0.session.fetchProblem = failure.message } }
            return []
        case .success(let updated):
            guard updated.definition.version != session.definition.version || (session.awaitingTasks && !updated.awaitingTasks)
            else { return [] }
            if case .dashboard = destination { return apply(updated) }
            pendingUpdate = updated
            return []
        }
    }

    /// Puts `updated` in force on the dashboard (never during a task) and says what changed.
    mutating func apply(_ updated: StudySession) -> [Command<JourneyMessage>] {
        guard let session else { return [] }
        destination.updateDashboard { $0.session = updated }
        destination.updateSettings { $0.session = updated }
        if session.awaitingTasks {
            // The first fetch after joining keeps the welcome; a fetch after a failure says so.
            if session.fetchProblem != nil { notice = Notice("Your study's tasks have arrived.") }
        } else {
            let changes = StudyChanges(from: session.definition, to: updated.definition)
            let what = changes.lines.prefix(2).joined(separator: "; ")
            notice = Notice("The study was updated to version \(updated.definition.version) (was \(session.definition.version))"
                + (what.isEmpty ? "" : ": \(what)") + ". Settings shows what changed.")
        }
        if !updated.consentIsCurrent {
            notice = Notice("The study changed its consent. Press C to read it and agree again before your next task.", tone: .reminder)
        }
        return [loadFacts(fromClock: false)]
    }
}
