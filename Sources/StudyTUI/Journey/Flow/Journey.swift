import Foundation
import StudyCore

/// The participant's journey as one transition function: welcome → consent → dashboard ⇄ settings,
/// inbox and tasks → farewell → welcome. Both faces drive it: the full screen turns keys into
/// ``JourneyEvent``s and draws ``place``; line mode turns typed replies into the same events and asks
/// for ``place``. Each face runs the returned ``JourneyEffect``s through ``JourneyServices`` and hands
/// the answers back as events, so where the journey goes next is decided here alone.
///
/// ```swift
/// var journey = Journey(fetchesInBackground: false)
/// var effects = journey.start()            // [.openSession]
/// effects = journey.handle(.opened(.success(nil), updatedFrom: nil))   // welcome, []
/// effects = journey.handle(.signUp(.demo)) // [.lookUp(.demo)]
/// ```
struct Journey: Sendable, Equatable {
    /// Where the journey is.
    private(set) var place: JourneyPlace = .starting
    /// Inbox identifiers already offered to the store while this journey runs (not offered again).
    private(set) var offeredToInbox: Set<String> = []
    /// A newer version that arrived away from the dashboard: put in force when the dashboard shows.
    private(set) var pendingUpdate: StudySession?
    /// True when the face fetches a study's missing tasks in the background (the full screen);
    /// false when the dashboard fetches them itself before its facts are read (line mode, which
    /// has no background).
    let fetchesInBackground: Bool

    /// A journey that starts by reading the stored enrollment.
    init(fetchesInBackground: Bool) {
        self.fetchesInBackground = fetchesInBackground
    }

    /// The enrolled study, if any.
    var session: StudySession? { place.session }

    /// The first effects: read the stored enrollment.
    mutating func start() -> [JourneyEffect] {
        place = .starting
        return [.openSession]
    }

    /// Applies one event; returns what to do for it.
    mutating func handle(_ event: JourneyEvent) -> [JourneyEffect] {
        if case .reset = event {
            place = .welcome
            offeredToInbox = []
            pendingUpdate = nil
            return [.cancelLookUp, .cancelReload]
        }
        if case .ended = place { return [] }
        switch event {
        case .quit:
            place = .ended(.quit)
            return []
        case .reset: return []   // handled above, in every place
        case .signUp, .stopLookingUp, .agree, .decline, .reviewConsent, .launch, .openInbox, .openSettings,
             .refresh, .back, .reload, .stopReloading, .sendNow, .export, .leave, .messageRead, .farewellRead:
            return chose(event)
        case .opened, .invitationFound, .joined, .consentRenewed, .factsLoaded, .reloaded, .versionChecked,
             .exported, .left, .inboxLoaded, .markedRead, .synced, .taskStarted, .taskRecorded:
            return answered(event)
        }
    }

    /// Shows the dashboard of `session` and reads its facts; without a background, a study whose
    /// tasks have not arrived is asked for them first (the facts are read after the answer).
    mutating func showDashboard(_ session: StudySession) -> [JourneyEffect] {
        place = .dashboard(session)
        return !fetchesInBackground && session.awaitingTasks ? [.checkVersion(session)] : [.loadFacts]
    }

    /// What the participant chose, where they are; a choice the place does not offer changes nothing.
    mutating func chose(_ event: JourneyEvent) -> [JourneyEffect] {
        switch (event, place) {
        case (.signUp(let request), .welcome): return [.lookUp(request)]
        case (.stopLookingUp, .welcome): return [.cancelLookUp]
        case (.agree, .joining(let invitation)): return [.join(invitation)]
        case (.agree, .renewingConsent(let session)): return [.renewConsent(session)]
        case (.decline, .joining):
            place = .welcome
            return []
        case (.decline, .renewingConsent(let session)): return showDashboard(session)
        case (.reviewConsent, .dashboard(let session)):
            place = .renewingConsent(session)
            return []
        case (.launch(let launch), .dashboard): return [.startTask(launch)]
        case (.openInbox, .dashboard(let session)), (.openInbox, .inbox(let session)):
            place = .inbox(session)
            return [.loadInbox]
        case (.openSettings, .dashboard(let session)):
            place = .settings(session)
            return [.loadSyncStatus]
        case (.refresh, .dashboard(let session)): return showDashboard(session)
        case (.back, .settings(let session)), (.back, .inbox(let session)): return showDashboard(session)
        case (.reload, .settings(let session)): return [.reload(session)]
        case (.stopReloading, .settings(let session)): return [.cancelReload] + showDashboard(session)
        case (.sendNow, .settings): return [.sendOutbox]
        case (.export(let folder, let create), .settings(let session)):
            return [.export(studyID: session.studyID, folder: folder, createFolder: create)]
        case (.leave(let folder, let create), .settings(let session)): return [.leave(session, exportTo: folder, createFolder: create)]
        case (.messageRead(let id), .inbox): return [.markRead(id)]
        case (.farewellRead, .farewell):
            place = .welcome
            return []
        default: return []
        }
    }

    /// What the services answered. An answer that comes after its place was left (the participant
    /// went back, or the session was reset) changes nothing.
    mutating func answered(_ event: JourneyEvent) -> [JourneyEffect] {
        switch event {
        case .opened(let result, _):
            guard case .starting = place else { return [] }
            switch result {
            case .success(let session?): return showDashboard(session)
            case .success(nil): place = .welcome
            case .failure(let failure): place = .failed("Your study cannot be opened: \(failure.message)")
            }
            return []
        case .invitationFound(.success(let invitation)):
            guard case .welcome = place else { return [] }
            place = .joining(invitation)
            return []
        case .joined(.success(let session)):
            guard case .joining = place else { return [] }
            // The full screen fetches missing tasks in the background, never keeping the consent waiting.
            return showDashboard(session) + (fetchesInBackground && session.awaitingTasks ? [.checkVersion(session)] : [])
        case .consentRenewed(.success(let session)):
            guard case .renewingConsent = place else { return [] }
            return showDashboard(session)
        case .factsLoaded(let update): return factsLoaded(update)
        case .reloaded(.success(let updated)):
            guard case .settings(let session) = place,
                  updated.definition.version != session.definition.version || session.awaitingTasks else { return [] }
            place = .settings(updated)
            return [.loadFacts]
        case .versionChecked(let result): return versionChecked(result)
        case .left(.success(let paragraphs)):
            guard case .settings = place else { return [] }
            pendingUpdate = nil
            // The messages offered were the participant's who left: whoever joins next gets their own.
            offeredToInbox = []
            place = .farewell(paragraphs)
            return []
        case .taskStarted(.success, let launch):
            guard case .dashboard(let session) = place else { return [] }
            place = .task(launch, session)
            return []
        case .taskRecorded:
            guard case .task(_, let session) = place else { return [] }
            return showDashboard(session)
        default:
            // Failures keep the place (each face says why); exports, the inbox and sending change no place.
            return []
        }
    }

    /// New facts: inbox identifiers offered are remembered; on the dashboard a version that arrived
    /// meanwhile is put in force first (and the facts read again for it).
    private mutating func factsLoaded(_ update: FactsUpdate) -> [JourneyEffect] {
        guard place.session != nil else { return [] }
        if place.isDashboard, let pending = pendingUpdate {
            pendingUpdate = nil
            place = .dashboard(pending)
            return [.loadFacts]
        }
        offeredToInbox.formUnion(update.offered)
        return []
    }

    /// A version check's answer: a new version (or the tasks that were missing) is put in force on
    /// the dashboard at once, elsewhere when the dashboard shows again. A failure keeps the session,
    /// and while its tasks are missing it names the newest reason. Without a background the
    /// dashboard's facts are read next.
    private mutating func versionChecked(_ result: Result<StudySession, JourneyFailure>) -> [JourneyEffect] {
        guard var session = place.session else { return [] }
        let then: [JourneyEffect] = !fetchesInBackground && place.isDashboard ? [.loadFacts] : []
        switch result {
        case .failure(let failure):
            guard session.awaitingTasks else { return then }
            session.fetchProblem = failure.message
            place = place.with(session)
            return then
        case .success(let updated):
            guard updated.definition.version != session.definition.version || (session.awaitingTasks && !updated.awaitingTasks)
            else { return then }
            guard place.isDashboard else {
                pendingUpdate = updated
                return then
            }
            place = .dashboard(updated)
            return [.loadFacts]
        }
    }
}
