import Foundation
import StudyCore
import StudyTestSupport
import Testing

/// Signing up with the embedded server: tokens, addresses, the demo study and study folders.
@Suite struct LocalStudyServerTests {
    func server(demo: URL? = StudyFixtures.resources.appendingPathComponent("demo-study"), cwd: String = "/") -> LocalStudyServer {
        LocalStudyServer(demoFolder: demo, loader: StudyFixtures.loader, currentDirectory: cwd, home: "/home/ada")
    }

    @Test func tokensAreUpperCasedWithoutSeparators() async throws {
        #expect(try RegistrationToken(typed: " abcd-2345 ").value == "ABCD2345")
        #expect(RegistrationToken.normalize("ab cd_ef.gh") == "ABCDEFGH")
    }

    @Test func tokensRejectLookAlikesAndOddLengths() async {
        #expect(throws: SignUpError.tokenCharacter("O")) { try RegistrationToken(typed: "abcO") }
        #expect(throws: SignUpError.tokenCharacter("1")) { try RegistrationToken(typed: "ab1d") }
        #expect(throws: SignUpError.tokenLength(3)) { try RegistrationToken(typed: "abc") }
        #expect(throws: SignUpError.tokenMissing) { try RegistrationToken(typed: " - ") }
        #expect(SignUpError.tokenCharacter("O").description
            == #"Tokens never contain "O"; they use only ABCDEFGHKLMPRSTUVWXYZ23456789. Check the token you were given."#)
    }

    @Test func addressesAreParsed() async throws {
        #expect(throws: SignUpError.addressMissing) { try StudyAddress(typed: " ", currentDirectory: "/w", home: "/h") }
        #expect(try StudyAddress(typed: "studies/a", currentDirectory: "/w", home: "/h") == .folder(URL(fileURLWithPath: "/w/studies/a")))
        #expect(try StudyAddress(typed: "~/a", currentDirectory: "/w", home: "/h") == .folder(URL(fileURLWithPath: "/h/a")))
        #expect(try StudyAddress(typed: "file:///srv/s", currentDirectory: "/w", home: "/h") == .folder(URL(fileURLWithPath: "/srv/s")))
        #expect(try StudyAddress(typed: "https://x.org/api", currentDirectory: "/w", home: "/h") == .network(URL(string: "https://x.org/api")!))
        #expect(throws: SignUpError.self) { try StudyAddress(typed: "ftp://x", currentDirectory: "/w", home: "/h") }
    }

    @Test func theDemoKeyJoinsTheBundledStudyWithoutAToken() async throws {
        let invitation = try await server().lookUp(.demo)
        #expect(invitation.definition.identifier == "studyterm-demo")
        #expect(invitation.address == nil)
        #expect(invitation.token == nil)
    }

    @Test func anEmptyAddressIsAnErrorAndNeverTheDemo() async {
        await #expect(throws: SignUpError.addressMissing) { try await server().lookUp(SignUpRequest(address: "", token: "")) }
        await #expect(throws: SignUpError.addressMissing) { try await server().lookUp(SignUpRequest(address: "  ", token: "ABCD2345")) }
        #expect(SignUpError.addressMissing.field == .address)
    }

    @Test func aMissingDemoIsAClearError() async {
        await #expect(throws: SignUpError.studyNotFound(address: "the demo study", reason: "it is not installed with this build (Resources/demo-study)")) {
            try await server(demo: nil).lookUp(.demo)
        }
    }

    @Test func aFolderWithATokenListAcceptsOnlyItsTokens() async throws {
        let dir = try StudyFixtures.folder(files: ["tokens.txt": "# participants\nABCD-2345\nEFGH2345\n"])
        defer { dir.remove() }
        let s = server(cwd: dir.url.deletingLastPathComponent().path)
        let relative = dir.url.lastPathComponent
        #expect(try await s.lookUp(SignUpRequest(address: relative, token: "abcd2345")).token == "ABCD2345")
        #expect(try await s.lookUp(SignUpRequest(address: dir.url.absoluteString, token: "efgh-2345")).address == dir.url.standardizedFileURL.absoluteString)
        await #expect(throws: SignUpError.tokenNotRecognised) { try await s.lookUp(SignUpRequest(address: relative, token: "ZZZZ")) }
        await #expect(throws: SignUpError.tokenMissing) { try await s.lookUp(SignUpRequest(address: relative, token: "")) }
    }

    @Test func aFolderWithoutATokenListAcceptsAnyWellFormedToken() async throws {
        let dir = try StudyFixtures.folder()
        defer { dir.remove() }
        let invitation = try await server().lookUp(SignUpRequest(address: dir.url.path, token: "wxyz"))
        #expect(invitation.token == "WXYZ")
        #expect(try await server().register(invitation, consent: ConsentAgreement(definition: invitation.definition, agreedAt: Date())).participantID == "WXYZ")
        await #expect(throws: SignUpError.tokenCharacter("O")) { try await server().lookUp(SignUpRequest(address: dir.url.path, token: "wxyO")) }
    }

    @Test func badAddressesBlameTheAddressField() async throws {
        let missing = SignUpError.studyNotFound(address: "/nowhere", reason: "there is no such folder or file")
        await #expect(throws: missing) { try await server().lookUp(SignUpRequest(address: "/nowhere", token: "")) }
        #expect(missing.field == .address)
        await #expect(throws: SignUpError.networkUnsupported(address: "https://x.org")) {
            try await server().lookUp(SignUpRequest(address: "https://x.org", token: "ABCD"))
        }
        let dir = try StudyFixtures.folder(StudyFixtures.study(tasks: "[]"))
        defer { dir.remove() }
        let error = await #expect(throws: SignUpError.self) { try await server().lookUp(SignUpRequest(address: dir.url.path, token: "")) }
        guard case .invalidStudy(_, let diagnostics)? = error else { Issue.record("expected an invalid study, got \(String(describing: error))"); return }
        #expect(diagnostics.map(\.message) == ["a study needs at least one task"])
    }

    @Test func reloadReadsTheDefinitionAgainFromTheStoredAddress() async throws {
        let dir = try StudyFixtures.folder()
        defer { dir.remove() }
        let membership = StudyMembership(studyID: "s1", studyVersion: "1", address: dir.url.absoluteString, enrolledAt: Date())
        #expect(try await server().fetchDefinition(for: membership).version == "1")
        try dir.write(StudyFixtures.study(version: "2"), to: "study.json")
        #expect(try await server().fetchDefinition(for: membership).version == "2")
        #expect(try await server().fetchDefinition(for: StudyMembership(studyID: "d", studyVersion: "1", enrolledAt: Date())).identifier == "studyterm-demo")
    }
}
