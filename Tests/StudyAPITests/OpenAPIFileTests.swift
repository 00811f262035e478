import Foundation
import StudyAPI
import StudyCore
import Testing

/// The hand-written wire types against `Sources/StudyAPI/openapi.json`, their source of truth:
/// every schema has a type, a fully filled value of each type has exactly the schema's
/// properties and validates, a minimal value has exactly the required ones, and the routes and
/// header the code uses are the file's.
@Suite struct OpenAPIFileTests {
    /// A wire type's samples: every optional filled, and every optional left out.
    struct Sample: Sendable {
        var full: any Encodable & Sendable
        var minimal: any Encodable & Sendable
    }

    static let run = UUID(uuidString: "6F1E3A52-7A0B-4C7E-9B1D-2C3D4E5F6A7B")!
    static let date = Date(timeIntervalSince1970: 1_780_000_000.25)
    static let definition = StudyDefinition(
        identifier: "s1", version: "3", title: "Sleep", purpose: "About sleep.", consent: ConsentDocument(version: "2", text: "I agree."),
        contact: StudyContact(institute: "Lab", person: "Ada", email: "a@example.org", phone: "+1"),
        notices: [StudyNotice(identifier: "n1", text: "Voluntary.")], finishText: "Thanks.", tasks: [])
    static let item = ResultItem(id: run, kind: .taskResult, payload: ["type": "task"], metadata: ["taskRunUUID": .string(run.uuidString), "taskId": "mood"])

    /// One sample per schema name.
    static let samples: [String: Sample] = {
        var bare = definition
        bare.contact = StudyContact(institute: nil, person: nil, email: nil, phone: nil)
        bare.finishText = nil
        let hash = String(repeating: "ab", count: 32)
        return [
            "Error": Sample(full: APIError(.invalidJSON, "Missing field items[0].id.", field: "items[0].id"), minimal: APIError(.notFound, "No.")),
            "Health": Sample(full: HealthStatus(), minimal: HealthStatus()),
            "Contact": Sample(full: APIContact(definition.contact), minimal: APIContact(bare.contact)),
            "Notice": Sample(full: APINotice(identifier: "n", text: "t"), minimal: APINotice(identifier: "n", text: "t")),
            "Consent": Sample(full: ConsentText(definition, textShownSHA256: hash), minimal: ConsentText(bare, textShownSHA256: hash)),
            "SHA256": Sample(full: hash, minimal: hash),
            "RegistrationInfo": Sample(full: RegistrationInfo(definition, consentSHA256: hash), minimal: RegistrationInfo(bare, consentSHA256: hash)),
            "ConsentGiven": Sample(full: ConsentGiven(version: "2", textSHA256: hash, agreedAt: date), minimal: ConsentGiven(version: "2", textSHA256: hash)),
            "RegistrationRequest": Sample(full: RegistrationRequest(consent: ConsentGiven(version: "2", textSHA256: hash, agreedAt: date), device: "station 3"),
                                          minimal: RegistrationRequest(consent: ConsentGiven(version: "2", textSHA256: hash), device: "d")),
            "Credentials": Sample(full: ParticipantCredentials(studyID: "s1", participantID: "P-ABCDEFGH", apiKey: "k"),
                                  minimal: ParticipantCredentials(studyID: "s1", participantID: "P-ABCDEFGH", apiKey: "k")),
            "StudyFile": Sample(full: StudyFile(path: "consent.md", content: "x"), minimal: StudyFile(path: "consent.md", content: "x")),
            "StudyDocument": Sample(full: StudyDocument(studyID: "s1", version: "3", definition: ["identifier": "s1"], files: [StudyFile(path: "a", content: "b")]),
                                    minimal: StudyDocument(studyID: "s1", version: "3", definition: [:], files: [])),
            "ResultKind": Sample(full: ResultKind.observation, minimal: ResultKind.taskResult),
            "ResultItem": Sample(full: item, minimal: item),
            "ResultBatch": Sample(full: ResultBatch(items: [item]), minimal: ResultBatch(items: [])),
            "ResultReceipt": Sample(full: ResultReceipt(stored: [run]), minimal: ResultReceipt(stored: [])),
            "Message": Sample(full: InboxMessage(id: run, text: "Hello", sentAt: date), minimal: InboxMessage(id: run, text: "Hello", sentAt: date)),
            "MessageList": Sample(full: MessageList(messages: [InboxMessage(id: run, text: "Hello", sentAt: date)]), minimal: MessageList(messages: [])),
        ]
    }()

    static func json(_ value: any Encodable) throws -> Any {
        try JSONSerialization.jsonObject(with: try APICoding.encoder().encode(value), options: [.fragmentsAllowed])
    }

    @Test func everySchemaOfTheFileHasAWireType() throws {
        let file = try SchemaValidator.load()
        #expect(file.schemaNames == Self.samples.keys.sorted())
    }

    @Test(arguments: samples.keys.sorted())
    func aFullValueHasExactlyTheSchemasPropertiesAndValidates(_ name: String) throws {
        let file = try SchemaValidator.load()
        let schema = try #require(file.schema(name))
        let value = try Self.json(Self.samples[name]!.full)
        #expect(file.violations(of: value, against: schema) == [])
        if let object = value as? [String: Any], let properties = schema["properties"] as? [String: Any] {
            #expect(Set(object.keys) == Set(properties.keys), "\(name): the Swift type's keys differ from the file's properties")
        }
    }

    @Test(arguments: samples.keys.sorted())
    func aMinimalValueHasExactlyTheRequiredPropertiesAndValidates(_ name: String) throws {
        let file = try SchemaValidator.load()
        let schema = try #require(file.schema(name))
        let value = try Self.json(Self.samples[name]!.minimal)
        #expect(file.violations(of: value, against: schema) == [])
        if let object = value as? [String: Any] {
            #expect(Set(object.keys) == Set(schema["required"] as? [String] ?? []), "\(name): optional fields differ from the file's required list")
        }
    }

    @Test func theValidatorCatchesAWrongKeyAndAMissingField() throws {
        let file = try SchemaValidator.load()
        let schema = try #require(file.schema("ResultReceipt"))
        #expect(!file.violations(of: ["stored": ["x"], "extra": 1], against: schema).isEmpty)
        #expect(!file.violations(of: [String: Any](), against: schema).isEmpty)
    }

    @Test func enumsListTheSameCases() throws {
        let file = try SchemaValidator.load()
        #expect(file.schema("ResultKind")?["enum"] as? [String] == ResultKind.allCases.map(\.rawValue))
    }

    @Test func theRoutesAndTheTokenHeaderAreTheFiles() throws {
        let file = try SchemaValidator.load()
        let paths = try #require(file.document["paths"] as? [String: Any])
        let used = [APIRoute.health, APIRoute.registration, APIRoute.study, APIRoute.results, APIRoute.messages,
                    "/messages/{messageId}/acknowledgement"]
        #expect(Set(paths.keys) == Set(used))
        #expect(APIRoute.acknowledgement(Self.run).hasPrefix("/messages/6f1e3a52"))
        let text = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/StudyAPI/openapi.json"), encoding: .utf8)
        #expect(text.contains("\"name\": \"\(APIRoute.registrationTokenHeader)\""))
    }

    @Test func wireValuesSurviveARoundTrip() throws {
        let request = RegistrationRequest(consent: ConsentGiven(version: "2", textSHA256: String(repeating: "0", count: 64), agreedAt: Self.date),
                                          device: "station")
        let decoded = try APICoding.decoder().decode(RegistrationRequest.self, from: try APICoding.encoder().encode(request))
        #expect(decoded == request)
        let batch = ResultBatch(items: [Self.item])
        #expect(try APICoding.decoder().decode(ResultBatch.self, from: try APICoding.encoder().encode(batch)) == batch)
    }
}
