import Foundation
import StudyCore
import TUIKit

extension KioskLineStation {
    /// The identification prompt: what to do in the station's mode, then the identifier typed on
    /// one line. The line goes to the program as the keys the full screen would read (its letters
    /// and digits, then Enter), so the same check decides: a wrong check character or a roster miss
    /// is said plainly and asked again, never with the right answer; an accepted one begins the
    /// session under it. The idle timeout is the program's, as on every participant prompt.
    func identify() {
        let lines = program.identifyLines
        say()
        say(lines.title)
        say(lines.prompt + ".")
        while case .identify(let prompt) = program.screen {
            switch prompt.problem {
            case .wrongCheckCharacter?: say("That ID's check character is wrong. Please check the ID and type it again.")
            case .notOnRoster?: say("That ID is not on this study's list. Please ask staff.")
            case nil: break
            }
            output("> ")
            guard let reply = nextReply() else { return }
            let time = clock.now()
            // Only what the entry keeps: a space or a hyphen would split the line into bursts.
            for c in reply where ParticipantIDCheck.admits(c) { deliver(.identifyKeyPressed(.character(c), at: time)) }
            guard case .identify = program.screen else { return }
            deliver(.identifyKeyPressed(.enter, at: time))
        }
    }

    /// The study's consent: its whole text, each statement confirmed one by one, then the
    /// agreement. A "no" anywhere declines (the session ends with nothing stored); an agreement
    /// that could not be stored is said, and the agreement is asked again.
    func consent(_ visit: KioskConsentVisit) {
        let definition = visit.screen.definition
        say()
        say("Consent for \(definition.title)")
        for line in visit.screen.documentLines(width: 100_000) { say(line.text) }
        for (i, notice) in definition.notices.enumerated() {
            say()
            guard let confirmed = yesOrNo("Statement \(i + 1) of \(definition.notices.count): \(notice.text)") else { return }
            guard confirmed else { return deliver(.consentAnswered(agreed: false)) }
        }
        while case .consent(let showing) = program.screen {
            if let error = showing.screen.error { say("! " + error) }
            say()
            guard let agreed = yesOrNo("Do you agree to take part in \(definition.title)?") else { return }
            deliver(.consentAnswered(agreed: agreed))
        }
    }

    /// Asks `question` until the reply is yes or no (y, n); nil when the prompt ended without one
    /// (the idle timeout, a signal, the end of input).
    func yesOrNo(_ question: String) -> Bool? {
        say(question)
        while true {
            output("Type y for yes or n for no.\n> ")
            guard let reply = nextReply() else { return nil }
            switch reply.trimmingCharacters(in: .whitespaces).lowercased() {
            case "y", "yes": return true
            case "n", "no": return false
            default: continue
            }
        }
    }
}
