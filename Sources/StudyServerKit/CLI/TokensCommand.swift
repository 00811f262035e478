import Foundation
import ServerStore
import StudyCore

/// `studyterm-server tokens --count N`: makes N single-use registration tokens, stores their
/// SHA-256 only, and prints them, one a line (the only time they can be seen).
struct TokensCommand {
    let arguments: ServerArguments
    let count: Int

    init(_ arguments: ServerArguments) throws(UsageError) {
        try arguments.allow(options: ["count", "study", "database", "database-url-file"])
        guard let count = try arguments.integer("count", in: 1...100_000) else { throw UsageError("tokens needs --count N") }
        self.arguments = arguments
        self.count = count
    }

    func run() async throws {
        var maker = CredentialMaker()
        let tokens = (0..<count).map { _ in maker.token() }
        let hashes = try tokens.map { Digest.sha256Hex(try RegistrationToken(typed: $0).value) }
        try await ServerMain.withStore(arguments) { store in try await store.addTokens(sha256: hashes, at: Date()) }
        print(tokens.joined(separator: "\n"))
        FileHandle.standardError.write(Data("studyterm-server: \(count) new token\(count == 1 ? "" : "s"); the server keeps only their hashes, so keep this list.\n".utf8))
    }
}
