import Foundation
import StudyCore
import TUIKit

extension JourneyProgram {
    /// Hands `event` to the journey, shows where it went, and turns its effects into commands.
    mutating func drive(_ event: JourneyEvent) -> [Command<JourneyMessage>] {
        let effects = journey.handle(event)
        follow()
        if case .ended(let ended) = journey.place { return outcome == nil ? finish(ended) : [] }
        return effects.flatMap { commands(for: $0) }
    }

    /// Shows the journey's place: the screen shown stays (with its scroll, selection and typed
    /// text) while the place is the same; a new place gets its screen, the dashboard under it kept.
    mutating func follow() {
        switch journey.place {
        case .starting: destination = .starting
        case .failed(let message): destination = .failed(message)
        case .welcome:
            if case .welcome = destination { return }
            destination = .welcome
        case .joining(let invitation):
            if case .joining(let screen) = destination, screen.purpose == .joining(invitation) { return }
            destination = .joining(ConsentScreen(.joining(invitation)))
        case .renewingConsent(let session):
            if case .renewingConsent(let screen, _) = destination, screen.purpose == .renewing(session) {
                keepDashboard(of: session)
                return
            }
            destination = .renewingConsent(ConsentScreen(.renewing(session)), dashboardScreen(of: session))
        case .dashboard(let session): destination = .dashboard(dashboardScreen(of: session))
        case .settings(let session):
            let dashboard = dashboardScreen(of: session)
            if case .settings(var screen, _) = destination {
                if screen.session != session { screen.session = session }
                destination = .settings(screen, dashboard)
                return
            }
            var settings = SettingsScreen(session: session, unsentResults: dashboard.facts?.results.unsent ?? 0,
                                          exportFolder: services.exportFolder)
            settings.sync = sync
            destination = .settings(settings, dashboard)
        case .inbox(let session):
            let dashboard = dashboardScreen(of: session)
            if case .inbox(let screen, _) = destination {
                destination = .inbox(screen, dashboard)
                return
            }
            destination = .inbox(InboxScreen(), dashboard)
        case .farewell(let paragraphs):
            if case .farewell = destination { return }
            destination = .farewell(FarewellScreen(paragraphs: paragraphs))
        case .task(_, let session):
            // The task's screen is made when its run is ready (taskStarted).
            keepDashboard(of: session)
        case .ended: break
        }
    }

    /// The dashboard shown or returned to, with `session` in force; a new one when there is none.
    private func dashboardScreen(of session: StudySession) -> DashboardScreen {
        guard var dashboard = destination.dashboard else {
            return DashboardScreen(session: session, timeZone: services.timeZone, now: services.now())
        }
        if dashboard.session != session { dashboard.session = session }
        return dashboard
    }

    /// Puts `session` in force on the dashboard the destination returns to.
    private mutating func keepDashboard(of session: StudySession) {
        guard destination.dashboard?.session != session else { return }
        destination.updateDashboard { $0.session = session }
    }

    /// The loop commands that run `effect` through the services; their answers come back as messages.
    mutating func commands(for effect: JourneyEffect) -> [Command<JourneyMessage>] {
        switch effect {
        case .openSession: return [start()]
        case .lookUp(let request): return [lookUp(request)]
        case .cancelLookUp: return [.cancel(JourneyWork.lookUp)]
        case .join(let invitation): return [join(invitation)]
        case .renewConsent(let session): return [renewConsent(session)]
        case .loadFacts: return [loadFacts(fromClock: false)]
        case .checkVersion(let session):
            lastVersionCheck = services.now()
            return [checkVersion(session)]
        case .reload(let session): return [reload(session)]
        case .cancelReload: return [.cancel(JourneyWork.reload)]
        case .loadInbox: return [loadInbox()]
        case .markRead(let id): return [markRead(id)]
        case .loadSyncStatus: return [loadSyncStatus()]
        case .sendOutbox: return sendSoon()
        case .export(let studyID, let folder, let create): return [export(studyID, to: folder, createFolder: create)]
        case .leave(let session, let folder, let create): return [leave(session, exportTo: folder, createFolder: create)]
        case .startTask(let launch): return [startTask(launch)]
        }
    }

    /// A parent ended the participant's session: welcome shows with a fresh form, no notice, and
    /// nothing of the session's screens; pending timers and look-ups are dropped. A task showing is
    /// not recorded here: the parent ends it first (its policy decides what is kept).
    mutating func reset() -> [Command<JourneyMessage>] {
        tickGeneration += 1
        welcome = WelcomeScreen()
        notice = nil
        lastVersionCheck = nil
        destination = .welcome
        return drive(.reset)
    }

    /// Says what changed when a newer definition was put in force on the dashboard.
    mutating func announce(from session: StudySession, to updated: StudySession) {
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
    }

    /// True when `updated` is a newer definition than `session` (or brings the tasks that were missing).
    static func isNewer(_ updated: StudySession?, than session: StudySession?) -> Bool {
        guard let updated, let session else { return false }
        return updated.definition.version != session.definition.version || (session.awaitingTasks && !updated.awaitingTasks)
    }
}
