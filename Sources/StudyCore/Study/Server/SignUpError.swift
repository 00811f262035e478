import Foundation

/// Why signing up, fetching a study or leaving failed; each case reads as one clear sentence.
public enum SignUpError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No study address was typed.
    case addressMissing
    /// No token was typed, but the study needs one.
    case tokenMissing
    /// The token has a character tokens never use.
    case tokenCharacter(Character)
    /// The token is too short or too long.
    case tokenLength(Int)
    /// The study does not know this token.
    case tokenNotRecognised
    /// Nothing usable at the address.
    case studyNotFound(address: String, reason: String)
    /// The study definition there has errors.
    case invalidStudy(address: String, diagnostics: [Diagnostic])
    /// The address is a network server, which this build cannot reach.
    case networkUnsupported(address: String)
    /// The server refused or failed for another reason.
    case server(String)

    /// Which sign-up field the participant should look at.
    public enum Field: Sendable, Equatable { case address, token }

    /// The field to fix, if the error is about one.
    public var field: Field? {
        switch self {
        case .tokenMissing, .tokenCharacter, .tokenLength, .tokenNotRecognised: .token
        case .addressMissing, .studyNotFound, .invalidStudy, .networkUnsupported: .address
        case .server: nil
        }
    }

    /// One or two sentences for the participant.
    public var description: String {
        switch self {
        case .addressMissing:
            return "Type the study address you were given (an https:// address, a folder or a file:// address)."
        case .tokenMissing:
            return "Type the registration token you were given."
        case .tokenCharacter(let c):
            return "Tokens never contain \"\(c)\"; they use only \(RegistrationToken.alphabet). Check the token you were given."
        case .tokenLength(let n):
            return "A token has \(RegistrationToken.lengths.lowerBound) to \(RegistrationToken.lengths.upperBound) characters; this one has \(n)."
        case .tokenNotRecognised:
            return "This study does not know that token. Check it, or ask the study team for a new one."
        case .studyNotFound(let address, let reason):
            return "No study at \(address): \(reason)."
        case .invalidStudy(let address, let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }
            let first = errors.first?.description ?? "unknown problem"
            return "The study at \(address) has \(errors.count) error(s); the first: \(first)"
        case .networkUnsupported(let address):
            return "\(address) is a network server; this build joins only study folders and the demo study."
        case .server(let message):
            return message
        }
    }
}
