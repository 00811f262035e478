import Foundation
import StudyCore
import TUIKit

extension KioskProgram {
    /// The session is stored and its participant identified: the study's consent when the station
    /// shows it (with its own idle timeout, `timeouts.steps.consent` when set), else the first task.
    mutating func consentOrFirstTask() -> [Command<KioskMessage>] {
        guard let study = station.consent else {
            session?.identified()
            return nextTask()
        }
        screen = .consent(KioskConsentVisit(study: study))
        return startIdle(step: "consent")
    }

    /// A key on the consent: the journey's consent screen reads it. Agreeing stores the consent
    /// (with the session's language) before any task; declining ends the session at once as
    /// `completed` with no task run and no consent stored, then the privacy reset and welcome
    /// (no thank-you: nothing was answered). Ctrl-C (the journey's quit) does nothing here.
    mutating func consentKey(_ key: Key, _ start: KioskConsentVisit) -> [Command<KioskMessage>] {
        var visit = start
        let activity = idleActivity()
        let outcome = visit.screen.handle(key, body: JourneyFrame.body(in: size).size)
        screen = .consent(visit)
        switch outcome {
        case .agreed?: return activity + consentAnswered(agreed: true)
        case .declined?: return consentAnswered(agreed: false)
        case .quit?, nil: return activity
        }
    }

    /// The participant agreed (the consent is stored with the session's language before any task)
    /// or declined (the session ends at once as `completed` with no task run and no consent
    /// stored). The full screen's keys and the line face's replies both end here.
    mutating func consentAnswered(agreed: Bool) -> [Command<KioskMessage>] {
        guard case .consent(var visit) = screen, let session else { return [] }
        guard agreed else {
            consentDeclined = true
            return endSession(.completed)
        }
        visit.screen.busy = "Recording your consent…"
        visit.screen.error = nil
        screen = .consent(visit)
        let agreement = KioskServices.Agreement(sessionID: session.id, language: language), services = services
        return [.perform { .consentRecorded(services.recordConsent(agreement)) }]
    }

    /// The consent is stored: the first task starts. When it could not be, the consent stays with
    /// a line for staff, and agreeing may be tried again.
    mutating func consentRecorded(_ result: Result<Void, JourneyFailure>) -> [Command<KioskMessage>] {
        guard case .consent(var visit) = screen, session != nil else { return [] }
        switch result {
        case .success:
            idle = nil
            session?.identified()
            return [.cancelTimer(Self.idleTimer)] + nextTask()
        case .failure(let failure):
            visit.screen.busy = nil
            visit.screen.error = "Your consent could not be stored (\(failure.message)). Please tell staff."
            screen = .consent(visit)
            return []
        }
    }

    /// Draws the consent in the journey's frame; its help bar names only the keys that work here.
    func renderConsent(_ visit: KioskConsentVisit, into canvas: inout Canvas) -> CursorPosition? {
        let keys = ConsentScreen.keys.enabling(.quit, false)
        let frame = JourneyFrame(title: "Consent · \(visit.screen.definition.title)", help: { keys.helpLine(width: $0) },
                                 notice: ConsentLayout.noticeLine(visit.screen, body: JourneyFrame.body(in: canvas.size).size))
        return frame.render(into: &canvas) { visit.screen.render(into: &$0) }
    }
}
