import Foundation
import GRDB
import StudyCore

extension StoreError {
    /// Turns any error thrown while working on the database at `path` into a `StoreError`.
    static func wrapping(_ error: any Error, operation: String, path: String) -> StoreError {
        switch error {
        case let error as StoreError:
            return error
        case let error as DatabaseError:
            let message = error.message ?? error.description
            switch error.resultCode {
            case .SQLITE_FULL:
                return .diskFull(path: (path as NSString).deletingLastPathComponent)
            case .SQLITE_CORRUPT:
                return .corruptDatabase(path: path, detail: message)
            case .SQLITE_NOTADB:
                return .notADatabase(path: path)
            case .SQLITE_READONLY, .SQLITE_PERM:
                return .folderNotWritable(path: (path as NSString).deletingLastPathComponent, reason: message)
            default:
                return .database(operation: operation, path: path, code: error.extendedResultCode.rawValue,
                                 message: message)
            }
        case let error as ResultFormatError:
            return .unreadableStoredData(what: "task result", detail: error.description)
        case let error as JSONSyntaxError:
            return .unreadableStoredData(what: "JSON", detail: error.description)
        case is DecodingError, is RowDecodingError:
            return .unreadableStoredData(what: "data", detail: "a stored value has a form StudyTerm cannot read (\(withoutSQL("\(error)")))")
        default:
            return .database(operation: operation, path: path, code: -1, message: withoutSQL("\(error)"))
        }
    }

    /// `text` cut before any SQL, row dump or statement it quotes (what reaches a participant's
    /// screen names the problem, never the database's inner workings), at most 160 characters.
    static func withoutSQL(_ text: String) -> String {
        var cut = text
        for marker in [" - sql:", "sql:", " - row:", "row:", " - while executing", "while executing", "SELECT ", "INSERT ", "UPDATE "] {
            if let range = cut.range(of: marker, options: .caseInsensitive) { cut = String(cut[..<range.lowerBound]) }
        }
        cut = cut.trimmingCharacters(in: CharacterSet(charactersIn: " -:,"))
        return cut.isEmpty ? "unreadable" : String(cut.prefix(160))
    }
}
