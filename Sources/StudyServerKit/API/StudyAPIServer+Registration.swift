import Foundation
import HTTPTypes
import Hummingbird
import ServerStore
import StudyAPI
import StudyCore

extension StudyAPIServer {
    /// `GET /registration`: the summary and consent for an open token; 404 for an unknown or used one.
    func registrationInfo(_ request: Request, _ context: ServerContext) async throws -> Response {
        try await limitRegistration(request, context)
        let tokenHash = try openTokenHash(request)
        guard try await storing({ () async throws(ServerStoreError) in try await store.tokenIsOpen(sha256: tokenHash) }),
              let study = try await storing({ () async throws(ServerStoreError) in try await store.currentStudy() }) else {
            throw APIFailure.notFound("This registration token is unknown or already used.")
        }
        return JSONResponse.make(data: study.registrationInfo)
    }

    /// `POST /registration`: checks the consent against the study in force, then redeems the token and
    /// stores the participant in one transaction, and answers the credentials (201).
    func register(_ request: Request, _ context: ServerContext) async throws -> Response {
        try await limitRegistration(request, context)
        let tokenHash = try openTokenHash(request)
        var request = request
        let body = try await BodyReader.decode(RegistrationRequest.self, from: &request, limit: limits.smallBodyBytes)
        try Self.check(body)
        guard try await storing({ () async throws(ServerStoreError) in try await store.tokenIsOpen(sha256: tokenHash) }),
              let study = try await storing({ () async throws(ServerStoreError) in try await store.currentStudy() }) else {
            throw APIFailure.notFound("This registration token is unknown or already used.")
        }
        guard body.consent.version == study.consentVersion, body.consent.textSHA256 == study.consentSHA256 else {
            throw APIFailure(status: .conflict, body: APIError(.conflict,
                "The consent agreed to is not the study's current consent (version \(study.consentVersion)); show it again and ask again.",
                field: body.consent.version == study.consentVersion ? "consent.textSHA256" : "consent.version"))
        }
        var maker = CredentialMaker()
        let credentials = ParticipantCredentials(studyID: study.studyID, participantID: maker.participantID(), apiKey: maker.apiKey())
        let participant = NewParticipant(id: credentials.participantID, keySHA256: Digest.sha256Hex(credentials.apiKey),
                                         tokenSHA256: tokenHash, studyVersion: study.version, consentVersion: body.consent.version,
                                         consentSHA256: body.consent.textSHA256, consentAgreedAt: body.consent.agreedAt,
                                         device: body.device, registeredAt: now())
        guard try await storing({ () async throws(ServerStoreError) in try await store.register(participant) }) else {
            throw APIFailure.notFound("This registration token is unknown or already used.")
        }
        return JSONResponse.make(credentials, status: .created)
    }

    /// `DELETE /registration`: records the withdrawal; a repeat answers 204 again.
    func withdraw(_ request: Request) async throws -> Response {
        let access = try await participant(request, allowWithdrawn: true)
        let date = now()
        _ = try await storing({ () async throws(ServerStoreError) in try await store.withdraw(participantID: access.participantID, at: date) })
        return Response(status: .noContent)
    }

    /// The SHA-256 of the normalised token in the header: 400 when missing, 404 when it cannot be a token.
    func openTokenHash(_ request: Request) throws -> String {
        guard let name = HTTPField.Name(APIRoute.registrationTokenHeader), let typed = request.headers[name],
              !RegistrationToken.normalize(typed).isEmpty else {
            throw APIFailure.badRequest("Send the registration token in the \(APIRoute.registrationTokenHeader) header.")
        }
        guard let token = try? RegistrationToken(typed: typed) else {
            throw APIFailure.notFound("This registration token is unknown or already used.")
        }
        return Digest.sha256Hex(token.value)
    }

    /// 429 when the client's address has used up its registration attempts.
    func limitRegistration(_ request: Request, _ context: ServerContext) async throws {
        let address = clientAddress(request, context)
        if let wait = await limiter.attempt(from: address) {
            throw APIFailure(status: .tooManyRequests,
                             body: APIError(.rateLimited, "Too many registration attempts from this address; try again in \(wait) s."),
                             headers: [.retryAfter: String(wait)])
        }
    }

    /// The peer's IP address, or the proxy's last `X-Forwarded-For` entry when trusted.
    func clientAddress(_ request: Request, _ context: ServerContext) -> String {
        if limits.trustForwardedFor, let name = HTTPField.Name("X-Forwarded-For"), let forwarded = request.headers[name],
           let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty {
            return last
        }
        return context.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Rejects text fields the database or the staff's terminal should not get (400, naming the field).
    static func check(_ body: RegistrationRequest) throws {
        if body.device.isEmpty || body.device.count > 200 || body.device.unicodeScalars.contains(where: isControl) {
            throw APIFailure.invalidJSON("device must be 1 to 200 characters without control characters.", field: "device")
        }
        if body.consent.version.isEmpty || body.consent.version.count > 200 || body.consent.version.unicodeScalars.contains(where: isControl) {
            throw APIFailure.invalidJSON("consent.version must be 1 to 200 characters without control characters.", field: "consent.version")
        }
        if body.consent.textSHA256.count != 64 || !body.consent.textSHA256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) {
            throw APIFailure.invalidJSON("consent.textSHA256 must be 64 lower-case hex digits.", field: "consent.textSHA256")
        }
    }

    /// C0, DEL and C1 control characters.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
