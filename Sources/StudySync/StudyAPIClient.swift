import Foundation
import StudyAPI
import StudyCore

/// The study API (`Sources/StudyAPI/openapi.json`) as calls: one method per operation, typed
/// answers, and ``SyncError`` for everything else. Credentials travel as HTTP Basic.
public struct StudyAPIClient: Sendable {
    /// The server.
    public var address: ServerAddress
    /// How requests travel.
    public var transport: any HTTPTransport

    /// A client for the server at `address`.
    public init(address: ServerAddress, transport: any HTTPTransport) {
        self.address = address
        self.transport = transport
    }

    /// What `GET /study` answered.
    public enum StudyAnswer: Sendable, Equatable {
        /// The version named by the ETag sent is still in force.
        case notModified
        /// The study in force and its ETag.
        case document(StudyDocument, etag: String?)
    }

    /// `GET /registration`: the study summary and consent for an open token.
    public func registrationInfo(token: String) async throws(SyncError) -> RegistrationInfo {
        try decode(RegistrationInfo.self, from: try await call("GET", APIRoute.registration, headers: tokenHeader(token),
                                                          limit: AnswerLimits.registration))
    }

    /// `POST /registration`: records the consent, redeems the token, returns the credentials.
    public func register(token: String, _ request: RegistrationRequest) async throws(SyncError) -> ParticipantCredentials {
        let issued = try decode(ParticipantCredentials.self, from: try await call("POST", APIRoute.registration, headers: tokenHeader(token), body: request))
        for (name, value) in [("participantId", issued.participantID), ("studyId", issued.studyID), ("apiKey", issued.apiKey)]
        where !(1...200).contains(value.utf8.count) || !value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) || (name == "participantId" && value.contains(":")) {
            throw .invalidAnswer("\(name) must be 1 to 200 visible ASCII characters")
        }
        return issued
    }

    /// `GET /study`, asking only for a version other than `etag`.
    public func study(_ credentials: ParticipantCredentials, ifNoneMatch etag: String?) async throws(SyncError) -> StudyAnswer {
        var headers = [auth(credentials)]
        if let etag { headers.append((name: "If-None-Match", value: etag)) }
        let response = try await call("GET", APIRoute.study, headers: headers, accept: [200, 304], limit: AnswerLimits.study)
        if response.status == 304 { return .notModified }
        return .document(try decode(StudyDocument.self, from: response), etag: Self.checkedETag(response.headers["etag"]))
    }

    /// `POST /results`: the ids the server stored.
    public func storeResults(_ batch: ResultBatch, _ credentials: ParticipantCredentials) async throws(SyncError) -> ResultReceipt {
        try decode(ResultReceipt.self, from: try await call("POST", APIRoute.results, headers: [auth(credentials)], body: batch))
    }

    /// `GET /messages`: the messages not yet acknowledged.
    public func messages(_ credentials: ParticipantCredentials) async throws(SyncError) -> MessageList {
        try decode(MessageList.self, from: try await call("GET", APIRoute.messages, headers: [auth(credentials)], limit: AnswerLimits.messages))
    }

    /// `PUT /messages/{id}/acknowledgement`: the message is stored here; the server stops offering it.
    public func acknowledge(_ id: UUID, _ credentials: ParticipantCredentials) async throws(SyncError) {
        _ = try await call("PUT", APIRoute.acknowledgement(id), headers: [auth(credentials)], accept: [204, 200])
    }

    /// `DELETE /registration`: records the withdrawal (a repeat is answered the same).
    public func withdraw(_ credentials: ParticipantCredentials) async throws(SyncError) {
        _ = try await call("DELETE", APIRoute.registration, headers: [auth(credentials)], accept: [204, 200])
    }

    /// Sends one request; an answer outside `accept` becomes a ``SyncError``.
    private func call(_ method: String, _ path: String, headers: [(name: String, value: String)],
                      accept: Set<Int> = [200, 201], limit: Int = AnswerLimits.other) async throws(SyncError) -> HTTPExchange.Response {
        try await call(method, path, headers: headers, body: Optional<Int>.none, accept: accept, limit: limit)
    }

    /// Sends one request with a JSON body.
    private func call<Body: Encodable>(_ method: String, _ path: String, headers: [(name: String, value: String)], body: Body?,
                                       accept: Set<Int> = [200, 201], limit: Int = AnswerLimits.other) async throws(SyncError) -> HTTPExchange.Response {
        var fields = headers + [(name: "Accept", value: "application/json"), (name: "User-Agent", value: "StudyTerm")]
        var data: Data?
        if let body {
            do { data = try APICoding.encoder().encode(body) } catch { preconditionFailure("API bodies always encode: \(error)") }
            fields.append((name: "Content-Type", value: "application/json"))
        }
        let request = HTTPExchange.Request(method: method, url: address.url(path), headers: fields, body: data, maximumAnswerBytes: limit)
        let response: HTTPExchange.Response
        do { response = try await transport.send(request) } catch { throw .unreachable(error.reason) }
        guard response.body.count <= limit else { throw .unreachable("the server's answer is larger than the \(ByteSize.words(limit)) StudyTerm accepts for it") }
        guard accept.contains(response.status) else { throw SyncError.answer(response) }
        return response
    }

    /// Decodes a success answer's body.
    private func decode<T: Decodable>(_ type: T.Type, from response: HTTPExchange.Response) throws(SyncError) -> T {
        do { return try APICoding.decoder().decode(type, from: response.body) } catch {
            throw .invalidAnswer("\(T.self) expected (\(Self.describe(error)))")
        }
    }

    /// A server's ETag when it can be kept and sent back: 1 to 200 visible ASCII characters.
    static func checkedETag(_ etag: String?) -> String? {
        guard let etag, (1...200).contains(etag.utf8.count), etag.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return etag
    }

    /// The header carrying a registration token.
    private func tokenHeader(_ token: String) -> [(name: String, value: String)] {
        [(name: APIRoute.registrationTokenHeader, value: token)]
    }

    /// The header carrying the participant's credentials.
    private func auth(_ credentials: ParticipantCredentials) -> (name: String, value: String) {
        (name: "Authorization", value: credentials.authorization)
    }

    /// A short description of a decoding error, with the path of the field at fault.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, let context): return "\((context.codingPath + [key]).map(\.stringValue).joined(separator: ".")) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is wrong"
        @unknown default: return "unreadable"
        }
    }
}
