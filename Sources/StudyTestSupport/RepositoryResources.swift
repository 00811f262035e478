import Foundation

/// The repository's `Resources` folder: the demo study, sample tasks and Questionnaires.
public enum RepositoryResources {
    /// The folder's URL, found from this source file's place in the checkout.
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources")
}
