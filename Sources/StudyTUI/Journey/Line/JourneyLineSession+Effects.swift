import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// Hands one event to the journey and runs what it asks for.
    mutating func drive(_ event: JourneyEvent) {
        perform(journey.handle(event))
    }

    /// Runs `effects` one after another through the services, waiting for each; every answer goes
    /// back to the journey (after it is said), and what the journey asks for next runs too. A
    /// prompt that expired while an answer was said stops here: the caller resets the session.
    mutating func perform(_ effects: [JourneyEffect]) {
        var queue = effects[...]
        while let effect = queue.popFirst() {
            guard let answer = answer(effect) else { continue }
            let said = tell(answer, after: effect)
            queue += journey.handle(answer)
            guard !replies.timedOut else { return }
            for reply in said { queue += journey.handle(reply) }
        }
    }

    /// Runs one effect and waits for its answer; nil for effects the journey gets no answer to.
    mutating func answer(_ effect: JourneyEffect) -> JourneyEvent? {
        let services = services
        switch effect {
        case .openSession:
            do {
                let (session, updatedFrom) = try waitForWork { try await services.openSession() }
                return .opened(.success(session), updatedFrom: updatedFrom)
            } catch {
                return .opened(.failure(JourneyFailure(error)), updatedFrom: nil)
            }
        case .lookUp(let request):
            let server = services.server
            do throws(SignUpError) {
                return .invitationFound(.success(try waitForWork { () async throws(SignUpError) in try await server.lookUp(request) }))
            } catch {
                return .invitationFound(.failure(error))
            }
        case .join(let invitation):
            // No background here: a definition the server did not send is fetched at once.
            do { return .joined(.success(try waitForWork { try await services.join(invitation) })) } catch {
                return .joined(.failure(JourneyFailure(error)))
            }
        case .renewConsent(let session):
            do { return .consentRenewed(.success(try services.renewConsent(session))) } catch {
                return .consentRenewed(.failure(JourneyFailure(error)))
            }
        case .loadFacts:
            guard let session = journey.session else { return nil }
            let update = services.readFacts(for: session, known: journey.offeredToInbox, fromClock: false)
            facts = update
            return .factsLoaded(update)
        case .checkVersion(let session):
            do { return .versionChecked(.success(try waitForWork { try await services.reload(session) })) } catch {
                return .versionChecked(.failure(JourneyFailure(error)))
            }
        case .reload(let session):
            do { return .reloaded(.success(try waitForWork { try await services.reload(session) })) } catch {
                return .reloaded(.failure(JourneyFailure(error)))
            }
        case .loadInbox:
            do { inbox = .success(try services.loadInbox()) } catch { inbox = .failure(JourneyFailure(error)) }
            return inbox.map { JourneyEvent.inboxLoaded($0) }
        case .markRead(let id):
            let now = services.now()
            do {
                try services.markRead(id, now)
                return .markedRead(.success(id), at: now)
            } catch {
                return .markedRead(.failure(JourneyFailure(error)), at: now)
            }
        case .loadSyncStatus:
            syncStatus = (try? services.loadSyncStatus()) ?? nil
            return nil
        case .sendOutbox: return .synced(waitForWork { await services.sendOutbox() })
        case .export(let studyID, let folder, let create):
            do { return .exported(.success(try services.exportData(studyID, folder, create))) } catch {
                return .exported(.failure(JourneyFailure(error)))
            }
        case .leave(let session, let folder, let create):
            do { return .left(.success(try waitForWork { try await services.leave(session, exportTo: folder, createFolder: create) })) } catch {
                return .left(.failure(JourneyFailure(error)))
            }
        case .startTask(let launch):
            // Asked when the journey is at the task (``askTask(_:)``).
            let result = services.startTask(launch)
            started = try? result.get()
            return .taskStarted(result, launch)
        case .cancelLookUp, .cancelReload:
            return nil   // line mode waits for each answer: nothing is under way
        }
    }

    /// Says what an answer means for the participant; returns what they replied when the answer
    /// asks them something (whether to make a missing export folder).
    mutating func tell(_ answer: JourneyEvent, after effect: JourneyEffect) -> [JourneyEvent] {
        switch answer {
        case .opened(.success(let session?), let updatedFrom?):
            say("The study was updated to version \(session.definition.version) (was \(updatedFrom)); see Settings for details.")
        case .invitationFound(.failure(let error)):
            say("! \(error.description)" + (error == .addressMissing ? " For the demo study, choose 2 below." : ""))
        case .joined(.success(let session)):
            say("Welcome to \(session.definition.title). Your consent was recorded.")
        case .consentRenewed(.success):
            say("Your consent to the new text was recorded. Your tasks are open again.")
        case .joined(.failure(let failure)), .consentRenewed(.failure(let failure)):
            say("! Your consent could not be recorded: \(failure.message)")
            consentFailed = true
        case .reloaded(.success(let updated)):
            guard case .reload(let session) = effect else { break }
            for line in SettingsScreen.reloadReport(from: session, to: updated, consentKey: "type c on the dashboard") { say(line) }
        case .reloaded(.failure(let failure)):
            say("! The study definition could not be fetched: \(failure.message) Nothing was changed.")
        case .synced(let status):
            guard let session = journey.session else { break }
            var screen = SettingsScreen(session: session, unsentResults: unsentResults(session), exportFolder: services.exportFolder)
            screen.sync = status
            for line in screen.syncLines(width: 100_000, timeZone: services.timeZone) where line.text != SettingsScreen.sendHint { say(line.text) }
        case .exported(.success(let text)): say(text)
        case .exported(.failure(let failure)):
            if case .folderMissing(let missing) = failure, case .export(_, let folder, false) = effect {
                guard let make = askToMake(missing) else { return [.quit] }
                return make ? [.export(folder: folder, createFolder: true)] : []
            }
            say("! Your data could not be exported: \(failure.message)")
        case .left(.failure(let failure)):
            if case .folderMissing(let missing) = failure, case .leave(_, let folder, false) = effect {
                guard let make = askToMake(missing) else { return [.quit] }
                guard make else {
                    say("You are still in the study: nothing was exported.")
                    return []
                }
                say()
                return [.leave(exportTo: folder, createFolder: true)]
            }
            say("! You are still in the study: \(failure.message)")
        case .taskStarted(.failure(let failure), _):
            say()
            say("! " + failure.message)
            return [.refresh]   // the dashboard is read again and shown under the reason
        case .markedRead(.failure(let failure), _):
            say("! The message could not be marked read: \(failure.message)")
        default: break
        }
        return []
    }
}
