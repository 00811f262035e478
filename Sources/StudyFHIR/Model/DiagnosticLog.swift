import StudyCore

/// Collects the errors and warnings found while reading one file.
public struct DiagnosticLog: Sendable, Equatable {
    /// The file name used in every message.
    public var file: String
    /// Everything reported so far, in order.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Starts an empty log for `file`.
    public init(file: String) { self.file = file }

    /// Records an error (the file cannot be used as it is).
    public mutating func error(_ path: String, _ message: String) {
        diagnostics.append(Diagnostic(.error, file: file, path: path, message: message))
    }

    /// Records a warning (the file still runs).
    public mutating func warning(_ path: String, _ message: String) {
        diagnostics.append(Diagnostic(.warning, file: file, path: path, message: message))
    }

    /// True when an error was recorded.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Only the warnings.
    public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}
