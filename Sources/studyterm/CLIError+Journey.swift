
extension CLIError.Code {
    /// The data folder or database cannot be used (corrupt, foreign, read-only, newer).
    static let dataUnavailable = Int32(5)
}
