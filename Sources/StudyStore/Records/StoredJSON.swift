import Foundation
import StudyCore

/// Reading JSON text columns back, with a typed error that names what was being read.
enum StoredJSON {
    /// Parses `text`; `what` names the column's meaning for the error message.
    static func parse(_ text: String, what: String) throws(StoreError) -> JSONValue {
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .unreadableStoredData(what: what, detail: error.description)
        }
    }
}
