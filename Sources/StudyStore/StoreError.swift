import Foundation

/// Everything that can go wrong in the store, with enough context for one clear message.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data folder (or one of its parents) is a regular file, not a folder.
    case folderIsAFile(path: String)
    /// The data folder cannot be created or written (read-only disk, permissions).
    case folderNotWritable(path: String, reason: String)
    /// The disk holding the data folder has no room left (SQLite's SQLITE_FULL, or ENOSPC).
    case diskFull(path: String)
    /// Another StudyTerm process writes to this data folder (it holds the folder's lock).
    case folderInUse(path: String, holder: String)
    /// The database file exists but cannot be read (permissions, I/O error).
    case fileNotReadable(path: String, reason: String)
    /// The database file is not an SQLite file at all (random bytes, another format, encrypted).
    case notADatabase(path: String)
    /// The database file is SQLite but damaged.
    case corruptDatabase(path: String, detail: String)
    /// The database file is SQLite but belongs to another program.
    case foreignDatabase(path: String, detail: String)
    /// The database was written by a newer StudyTerm (it has migrations this build does not know).
    case newerDatabase(path: String, unknownMigrations: [String])
    /// Any other SQLite failure, with the operation that was attempted.
    case database(operation: String, path: String, code: Int32, message: String)
    /// Stored data could not be read back (a JSON column that does not parse, an unknown status).
    case unreadableStoredData(what: String, detail: String)
    /// No run has this UUID.
    case runNotFound(UUID)
    /// A run with this UUID already exists.
    case runAlreadyExists(UUID)
    /// The run is already finished (or discarded), so it cannot take answers or finish again.
    case runNotOpen(UUID, status: RunStatus)
    /// There is no current (not withdrawn) enrollment for the study.
    case notEnrolled(studyID: String)
    /// The participant is already enrolled in the study.
    case alreadyEnrolled(studyID: String)
    /// No kiosk session has this UUID.
    case kioskSessionNotFound(UUID)
    /// A kiosk session with this UUID is already stored.
    case kioskSessionAlreadyExists(UUID)
    /// The kiosk session has already ended (with `reason`): it ends once, and starts no more runs.
    case kioskSessionEnded(UUID, reason: String)

    /// The cause in a few words, first on a line that may be cut ("the disk is full").
    public var cause: String {
        switch self {
        case .diskFull: return "the disk is full"
        case .folderNotWritable: return "the data folder cannot be written"
        case .folderInUse: return "another StudyTerm is using the data folder"
        case .corruptDatabase, .notADatabase: return "the data file is damaged"
        case .database(_, _, _, let message): return message
        default: return description
        }
    }

    /// One clear sentence (or two) for the terminal.
    public var description: String {
        switch self {
        case .folderIsAFile(let path):
            return "The data folder \(path) is a file, not a folder. Choose another place with --data-dir."
        case .folderNotWritable(let path, let reason):
            return "The data folder \(path) cannot be written (\(reason)). Make it writable or choose another place with --data-dir."
        case .diskFull(let path):
            return "The disk holding the data folder \(path) is full. Free some space; nothing already stored was lost."
        case .folderInUse(let path, let holder):
            return "Another StudyTerm is using the data folder \(path): \(holder). Finish or quit it first, or choose another folder with --data-dir. Nothing was changed."
        case .fileNotReadable(let path, let reason):
            return "The data file \(path) cannot be read (\(reason)). Check its permissions or choose another folder with --data-dir."
        case .notADatabase(let path):
            return "The data file \(path) is not an SQLite database (it may be damaged, or another kind of file). It was left untouched; move it away or choose another folder with --data-dir."
        case .corruptDatabase(let path, let detail):
            return "The data file \(path) is damaged (\(detail)). It was left untouched; keep a copy and move it away, or choose another folder with --data-dir."
        case .foreignDatabase(let path, let detail):
            return "The data file \(path) belongs to another program (\(detail)). It was left untouched; choose another folder with --data-dir."
        case .newerDatabase(let path, let unknown):
            return "The data file \(path) was written by a newer StudyTerm (unknown changes: \(unknown.joined(separator: ", "))). It was left untouched; update StudyTerm to open it."
        case .database(let operation, let path, let code, let message):
            return "Could not \(operation) in \(path): \(message) (SQLite code \(code))."
        case .unreadableStoredData(let what, let detail):
            return "Stored \(what) cannot be read: \(detail)."
        case .runNotFound(let id):
            return "No task run \(id.uuidString) is stored."
        case .runAlreadyExists(let id):
            return "A task run \(id.uuidString) is already stored."
        case .runNotOpen(let id, let status):
            return "The task run \(id.uuidString) is \(status.rawValue) and cannot be changed."
        case .notEnrolled(let studyID):
            return "You are not enrolled in the study \"\(studyID)\"."
        case .alreadyEnrolled(let studyID):
            return "You are already enrolled in the study \"\(studyID)\"."
        case .kioskSessionNotFound(let id):
            return "No kiosk session \(id.uuidString) is stored."
        case .kioskSessionAlreadyExists(let id):
            return "A kiosk session \(id.uuidString) is already stored."
        case .kioskSessionEnded(let id, let reason):
            return "The kiosk session \(id.uuidString) has already ended (\(reason)) and cannot be changed."
        }
    }
}
