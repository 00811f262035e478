import Foundation

/// The embedded study server: the bundled demo study (no address) and study folders on disk
/// (a path or `file://` address). A folder may hold `tokens.txt`, one token per line; then only
/// those tokens join, otherwise any well-formed token (or none) does. Local participants are
/// identified by their token.
public struct LocalStudyServer: StudyServer {
    /// The tokens file's name in a study folder.
    public static let tokensFileName = "tokens.txt"

    /// The bundled demo study's folder, when it is installed.
    public var demoFolder: URL?
    /// Reads definitions and checks their task files.
    public var loader: StudyDefinitionLoader
    /// Relative paths are taken from here.
    public var currentDirectory: String
    /// `~` stands for this folder.
    public var home: String

    /// A local server.
    public init(demoFolder: URL?, loader: StudyDefinitionLoader, currentDirectory: String = FileManager.default.currentDirectoryPath,
                home: String = NSHomeDirectory()) {
        self.demoFolder = demoFolder
        self.loader = loader
        self.currentDirectory = currentDirectory
        self.home = home
    }

    /// Loads the demo study, or the study at the typed address and checks the token.
    public func lookUp(_ request: SignUpRequest) async throws(SignUpError) -> StudyInvitation {
        let address = request.joinsDemo ? .embedded : try StudyAddress(typed: request.address, currentDirectory: currentDirectory, home: home)
        let folder = try folderURL(of: address, typed: request.address)
        let definition = try load(folder, typed: request.joinsDemo ? "the demo study" : request.address)
        let token = request.joinsDemo ? nil : try checkToken(request.token, in: folder)
        return StudyInvitation(definition: definition, address: address.stored, token: token)
    }

    /// Nothing to tell a folder; the participant is known by the token.
    public func register(_ invitation: StudyInvitation, consent: ConsentAgreement) async throws(SignUpError) -> StudyRegistration {
        StudyRegistration(participantID: invitation.token, definition: invitation.definition)
    }

    /// Reads the definition again from where the participant joined.
    public func fetchDefinition(for membership: StudyMembership) async throws(StudyFetchError) -> StudyDefinition {
        let typed = membership.address ?? ""
        do throws(SignUpError) {
            guard membership.address != nil else { return try load(try folderURL(of: .embedded, typed: ""), typed: "the demo study") }
            let address = try StudyAddress(typed: typed, currentDirectory: currentDirectory, home: home)
            return try load(try folderURL(of: address, typed: typed), typed: typed)
        } catch {
            switch error {
            case .studyNotFound(let address, let reason): throw .unreachable(address: address, reason: reason)
            case .invalidStudy(let address, let diagnostics): throw .invalidStudy(address: address, diagnostics: diagnostics)
            default: throw .refused(error.description)
            }
        }
    }

    /// A folder has no one to tell; the withdrawal stays recorded locally.
    public func withdraw(_ membership: StudyMembership) async throws(WithdrawalError) {}

    /// The folder or file an address names.
    private func folderURL(of address: StudyAddress, typed: String) throws(SignUpError) -> URL {
        switch address {
        case .embedded:
            guard let demoFolder else {
                throw .studyNotFound(address: "the demo study", reason: "it is not installed with this build (Resources/demo-study)")
            }
            return demoFolder
        case .folder(let url):
            return url
        case .network:
            throw .networkUnsupported(address: typed)
        }
    }

    /// Loads a definition, turning load errors into sign-up errors.
    private func load(_ url: URL, typed: String) throws(SignUpError) -> StudyDefinition {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw .studyNotFound(address: typed, reason: "there is no such folder or file")
        }
        if isDir.boolValue, !FileManager.default.fileExists(atPath: url.appendingPathComponent(StudyDefinitionLoader.fileName).path) {
            throw .studyNotFound(address: typed, reason: "the folder has no \(StudyDefinitionLoader.fileName)")
        }
        do {
            return try loader.load(path: url.path).definition
        } catch {
            throw .invalidStudy(address: typed, diagnostics: error.diagnostics)
        }
    }

    /// The normalised token, checked against the folder's list when it has one.
    private func checkToken(_ typed: String, in url: URL) throws(SignUpError) -> String? {
        let allowed = Self.tokens(near: url)
        if RegistrationToken.normalize(typed).isEmpty {
            if allowed != nil { throw .tokenMissing }
            return nil
        }
        let token = try RegistrationToken(typed: typed)
        if let allowed, !allowed.contains(token.value) { throw .tokenNotRecognised }
        return token.value
    }

    /// The normalised tokens of the folder's `tokens.txt`, nil when there is none.
    static func tokens(near url: URL) -> Set<String>? {
        var isDir: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir)
        let folder = isDir.boolValue ? url : url.deletingLastPathComponent()
        guard let text = try? String(contentsOf: folder.appendingPathComponent(tokensFileName), encoding: .utf8) else { return nil }
        return Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.map(RegistrationToken.normalize))
    }
}
