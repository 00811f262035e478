import Foundation
import ServerStore
import StudyCore

/// `studyterm-server publish --study DIR [--database URL]`: checks the folder and makes it the
/// version in force (running servers serve it at once: they read the database on every request).
struct PublishCommand {
    let arguments: ServerArguments

    init(_ arguments: ServerArguments) throws(UsageError) {
        try arguments.allow(options: ["study", "database", "database-url-file"])
        guard arguments.value("study") != nil else { throw UsageError("publish needs --study DIR") }
        self.arguments = arguments
    }

    func run() async throws {
        let (published, isNew) = try await ServerMain.withStore(arguments) { store in
            try await Self.publish(folder: arguments.value("study")!, store: store)
        }
        print(isNew ? "Published \(published.studyID) version \(published.version)."
                    : "\(published.studyID) version \(published.version) is already the version in force; nothing changed.")
    }

    /// Loads and checks the folder and publishes it; study errors exit 1 with every diagnostic.
    static func publish(folder: String, store: any ServerStorage) async throws -> (PublishedStudy, Bool) {
        let publication: PublishedStudy
        do {
            publication = try StudyPublisher().publication(folder: folder, at: Date())
        } catch let error as TaskLoadError {
            let lines = error.diagnostics.filter { $0.severity == .error }.map { "  \($0.description)" }
            throw ServerFailure("the study at \(folder) has \(lines.count) error(s):\n" + lines.joined(separator: "\n"), code: .invalidStudy)
        } catch {
            throw ServerFailure("cannot read the study at \(folder): \(error)", code: .invalidStudy)
        }
        return (publication, try await store.publish(publication))
    }
}
