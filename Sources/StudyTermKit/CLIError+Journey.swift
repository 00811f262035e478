
extension CLIError.Code {
    /// The data folder or database cannot be used (corrupt, foreign, read-only, newer).
    package static let dataUnavailable = Int32(5)
    /// Another StudyTerm writes to the data folder (it holds the folder's lock).
    package static let folderInUse = Int32(7)
}
