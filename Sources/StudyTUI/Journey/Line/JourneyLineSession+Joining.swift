import Foundation
import StudyCore
import TUIKit

extension JourneyLineSession {
    /// Welcome: join by address and token, join the demo study, or quit.
    func welcome() -> Place {
        say()
        let choice = choose("Welcome to StudyTerm. What would you like to do?",
                            ["Join a study with the address and token you were given", "Join the demo study (no server or token needed)", "Quit"],
                            letters: ["d": 1])
        if let end = Self.ending(choice) { return end }
        guard case .option(let n) = choice else { return .welcome }
        switch n {
        case 0:
            guard case .text(let address) = ask("Study address (https://…, a folder, or a file:// address):",
                                                 help: "Type the study address the study team gave you.") else { return .done(.quit) }
            guard case .text(let token) = ask("Registration token (press Enter if you were given none):",
                                               help: "Type the token the study team gave you; spaces and dashes do not matter.") else { return .done(.quit) }
            return lookUp(SignUpRequest(address: address, token: token))
        case 1: return lookUp(.demo)
        default: return .done(.quit)
        }
    }

    /// Finds the study; its consent comes next, or the reason it was not found.
    private func lookUp(_ request: SignUpRequest) -> Place {
        do throws(SignUpError) {
            let server = services.server
            return .consent(.joining(try waitForWork { () async throws(SignUpError) in try await server.lookUp(request) }))
        } catch {
            say("! \(error.description)" + (error == .addressMissing ? " For the demo study, choose 2 below." : ""))
            return .welcome
        }
    }

    /// The consent with its full text; each notice is confirmed one by one, then agreeing records it
    /// (joining, or agreeing again to a changed text). Declining stores nothing.
    func consent(_ purpose: ConsentScreen.Purpose) -> Place {
        let screen = ConsentScreen(purpose)
        let definition = screen.definition
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
        let choice = choose("Do you agree to take part in \(definition.title)?", ["I agree", "I do not agree"],
                            letters: ["y": 0, "yes": 0, "n": 1, "no": 1])
        if let end = Self.ending(choice) { return end }
        guard choice == .option(0) else { return declined(purpose) }
        do {
            switch purpose {
            case .joining(let invitation):
                let services = services
                let session = try waitForWork { try await services.join(invitation) }
                say("Welcome to \(session.definition.title). Your consent was recorded.")
                return .dashboard(session)
            case .renewing(let session):
                let renewed = try services.renewConsent(session)
                say("Your consent to the new text was recorded. Your tasks are open again.")
                return .dashboard(renewed)
            }
        } catch {
            say("! Your consent could not be recorded: \(JourneyFailure(error).message)")
            return declined(purpose, recorded: false)
        }
    }

    /// Declining: back to welcome (nothing stored), or to the dashboard where tasks wait.
    private func declined(_ purpose: ConsentScreen.Purpose, recorded: Bool = true) -> Place {
        switch purpose {
        case .joining(let invitation):
            if recorded { say("You did not join \(invitation.definition.title). Nothing was stored.") }
            return .welcome
        case .renewing(let session):
            say("Your tasks wait until you agree to the new consent (c). To stop taking part, leave the study under Settings.")
            return .dashboard(session)
        }
    }
}
