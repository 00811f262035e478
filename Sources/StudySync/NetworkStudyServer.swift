import Crypto
import Foundation
import StudyAPI
import StudyCore

/// A study on a study server (`http(s)://`): the token is checked and the consent shown from
/// `GET /registration`; agreeing registers (`POST /registration`) and keeps the credentials; the
/// journey then stores the enrollment and fetches the study (`GET /study`) into this computer,
/// which later reloads ask for by version.
public struct NetworkStudyServer: StudyServer {
    /// How requests travel.
    public var transport: any HTTPTransport
    /// Where credentials are kept.
    public var credentials: CredentialStore
    /// The folder that holds each participant's copy of their study (in the private data folder).
    public var cacheFolder: URL
    /// Reads stored studies.
    public var loader: StudyDefinitionLoader
    /// True when the station allows plain `http://` beyond this computer.
    public var allowPlainHTTP: Bool
    /// The device name sent with a registration (no personal data).
    public var device: String

    /// A network server.
    public init(transport: any HTTPTransport, credentials: CredentialStore, cacheFolder: URL, loader: StudyDefinitionLoader,
                allowPlainHTTP: Bool, device: String) {
        self.transport = transport
        self.credentials = credentials
        self.cacheFolder = cacheFolder
        self.loader = loader
        self.allowPlainHTTP = allowPlainHTTP
        self.device = device
    }

    /// Checks the token with the server and returns the study's summary and consent (no tasks yet).
    public func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation {
        let address = try ServerAddress(stored: request.address.trimmingCharacters(in: .whitespacesAndNewlines), allowPlainHTTP: allowPlainHTTP)
        let token = try RegistrationToken(typed: request.token)
        let info: RegistrationInfo
        do { info = try await StudyAPIClient(address: address, transport: transport).registrationInfo(token: token.value) } catch {
            throw Self.signUpError(error, address: address)
        }
        let definition = StudyDefinition(
            identifier: info.studyID, version: info.studyVersion, title: info.title, purpose: info.purpose,
            consent: ConsentDocument(version: info.consent.version, text: info.consent.text),
            contact: StudyContact(institute: info.contact.institute, person: info.contact.person, email: info.contact.email,
                                  phone: info.contact.phone),
            notices: info.consent.notices.map { StudyNotice(identifier: $0.identifier, text: $0.text) },
            finishText: info.finishText, tasks: [])
        guard definition.consentTextShown == info.consent.textShown else {
            throw .server("The study server's consent text does not match its parts; ask the study team.")
        }
        return StudyInvitation(definition: definition, address: address.description, token: token.value)
    }

    /// Registers with the consent agreed to and keeps the credentials; the study is fetched once the
    /// journey stored the enrollment (a fetch that hangs never loses the registration).
    public func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration {
        let address = try ServerAddress(stored: invitation.address ?? "", allowPlainHTTP: allowPlainHTTP)
        guard let token = invitation.token else { throw .tokenMissing }
        let client = StudyAPIClient(address: address, transport: transport)
        let given = ConsentGiven(version: consent.consentVersion, textSHA256: Self.sha256Hex(consent.text), agreedAt: consent.agreedAt)
        let issued: ParticipantCredentials
        do { issued = try await client.register(token: token, RegistrationRequest(consent: given, device: device)) } catch {
            throw Self.signUpError(error, address: address)
        }
        do { try credentials.save(address, issued) } catch {
            throw .server("The credentials the study server gave cannot be stored on this computer: \(error)")
        }
        // The study itself is fetched after the journey stored the enrollment (see `awaitsDefinition`).
        return StudyRegistration(participantID: issued.participantID, definition: invitation.definition, awaitsDefinition: true)
    }

    /// Asks the server for a version other than the one stored; stores and returns a newer one.
    public func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition {
        let place = membership.address ?? "the study server"
        let (address, issued) = try access(membership)
        let cache = cache(for: issued.participantID)
        // A copy that no longer loads is fetched whole again.
        let stored = (try? cache.load()) ?? nil
        do {
            switch try await StudyAPIClient(address: address, transport: transport).study(issued, ifNoneMatch: stored == nil ? nil : cache.etag) {
            case .notModified:
                if let stored { return stored }
                throw StudyFetchError.refused("The study server answered that nothing changed, but no study is stored here.")
            case .document(let document, let etag):
                return try cache.store(document, etag: etag, address: place)
            }
        } catch let error as StudyFetchError {
            throw error
        } catch let error as SyncError {
            throw Self.fetchError(error, address: place)
        } catch {
            throw .unreachable(address: place, reason: "\(error)")
        }
    }

    /// The copy of the study stored on this computer, without asking the server.
    public func storedDefinition(for membership: StudyMembership) throws(StudyFetchError) -> StudyDefinition? {
        guard let participant = membership.participantID else { return nil }
        return try cache(for: participant).load()
    }

    /// `DELETE /registration` (the outbox sends it after the participant's results).
    public func withdraw(_ membership: StudyMembership) async throws(WithdrawalError) {
        let (address, issued): (ServerAddress, ParticipantCredentials)
        do throws(StudyFetchError) { (address, issued) = try access(membership) } catch { throw .refused(error.description) }
        do { try await StudyAPIClient(address: address, transport: transport).withdraw(issued) } catch {
            throw error.isRetryable ? .unreachable(error.description) : .refused(error.description)
        }
    }

    /// The participant's server and credentials.
    private func access(_ membership: StudyMembership) throws(StudyFetchError) -> (ServerAddress, ParticipantCredentials) {
        let place = membership.address ?? "the study server"
        guard let participant = membership.participantID, let found = try? credentials.load(participant) else {
            throw .refused("This computer has no credentials for the study at \(place); join again with a new token.")
        }
        do { return (try ServerAddress(stored: found.address, allowPlainHTTP: allowPlainHTTP), found.credentials) } catch {
            throw .refused(error.description)
        }
    }

    /// The participant's study copy.
    private func cache(for participantID: String) -> StudyCache {
        StudyCache(folder: cacheFolder.appendingPathComponent(Self.folderName(participantID)), loader: loader)
    }

    /// A participant id as a folder name (ids are made by the server; anything else is replaced).
    static func folderName(_ participantID: String) -> String {
        String(participantID.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(80))
    }

    /// Lower-case hex SHA-256 of the text's UTF-8 bytes (the consent digest the server checks).
    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A sign-up failure in the participant's words.
    static func signUpError(_ error: SyncError, address: ServerAddress) -> SignUpError {
        switch error {
        case .refused(404, _): return .tokenNotRecognised
        case .unreachable(let reason): return .studyNotFound(address: address.description, reason: "the study server cannot be reached (\(reason))")
        case .busy(let seconds, _):
            let wait = seconds.map { "wait \(SyncError.duration($0))" } ?? "wait a little"
            return .server("Too many sign-up attempts from this computer; \(wait) and try again.")
        case .refused(_, let body?): return .server("The study server refused: \(body.message)")
        default: return .server(error.description)
        }
    }

    /// A fetch failure in the participant's words.
    static func fetchError(_ error: SyncError, address: String) -> StudyFetchError {
        switch error {
        case .unreachable(let reason): return .unreachable(address: address, reason: reason)
        case .serverFailed, .busy, .invalidAnswer: return .unreachable(address: address, reason: error.description)
        case .refused: return .refused(error.description)
        }
    }
}
