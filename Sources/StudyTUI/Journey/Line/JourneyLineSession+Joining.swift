import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// Welcome: join by address and token, join the demo study, or quit.
    func welcome() -> [JourneyEvent] {
        say()
        let choice = choose("Welcome to StudyTerm. What would you like to do?",
                            ["Join a study with the address and token you were given", "Join the demo study (no server or token needed)", "Quit"],
                            letters: ["d": 1])
        if let end = Self.ending(choice) { return end }
        guard case .option(let n) = choice else { return [] }
        switch n {
        case 0:
            guard case .text(let address) = ask("Study address (https://…, a folder, or a file:// address):",
                                                 help: "Type the study address the study team gave you.") else { return [.quit] }
            guard case .text(let token) = ask("Registration token (press Enter if you were given none):",
                                               help: "Type the token the study team gave you; spaces and dashes do not matter.") else { return [.quit] }
            return [.signUp(SignUpRequest(address: address, token: token))]
        case 1: return [.signUp(.demo)]
        default: return [.quit]
        }
    }

    /// The consent with its full text; each notice is confirmed one by one, then the agreement is
    /// asked for (joining, or agreeing again to a changed text). Declining stores nothing. After an
    /// agreement that could not be recorded, only the agreement is asked again.
    mutating func consent(_ purpose: ConsentScreen.Purpose) -> [JourneyEvent] {
        let screen = ConsentScreen(purpose)
        let definition = screen.definition
        if !consentFailed {
            say()
            say("Consent for \(definition.title)")
            for line in screen.documentLines(width: 100_000) { say(line.text) }
            say()
            for (i, notice) in definition.notices.enumerated() {
                let choice = choose("Statement \(i + 1) of \(definition.notices.count): \(notice.text)", ["Yes, I confirm this", "No"],
                                    letters: ["y": 0, "yes": 0, "n": 1, "no": 1])
                if let end = Self.ending(choice) { return end }
                if choice == .option(1) { return declined(purpose) }
            }
        }
        consentFailed = false
        let choice = choose("Do you agree to take part in \(definition.title)?", ["I agree", "I do not agree"],
                            letters: ["y": 0, "yes": 0, "n": 1, "no": 1])
        if let end = Self.ending(choice) { return end }
        return choice == .option(0) ? [.agree] : declined(purpose)
    }

    /// Declining: back to welcome (nothing stored), or to the dashboard where tasks wait.
    private func declined(_ purpose: ConsentScreen.Purpose) -> [JourneyEvent] {
        switch purpose {
        case .joining(let invitation): say("You did not join \(invitation.definition.title). Nothing was stored.")
        case .renewing: say("Your tasks wait until you agree to the new consent (c). To stop taking part, leave the study under Settings.")
        }
        return [.decline]
    }
}
