/// What the admin menu's export wrote: the folder and how many results (rows) it holds.
public struct KioskExportReport: Sendable, Equatable {
    /// The export's folder (0700; its files 0600).
    public var folder: String
    /// The files written, by name.
    public var files: [String]
    /// How many results were exported.
    public var results: Int

    /// A report.
    public init(folder: String, files: [String], results: Int) { (self.folder, self.files, self.results) = (folder, files, results) }
}
