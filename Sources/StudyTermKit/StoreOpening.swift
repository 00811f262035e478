import Foundation
import StudyStore

/// Opens the store for a command, turning every store error into one clear line and an exit code.
package enum StoreOpening {
    /// The StudyTerm version written into every result's metadata.
    package static var appVersion: String { StudyTermVersion.current }

    /// The store in `location`; exits with the store's own message when it cannot be opened
    /// (a damaged or foreign database file is left untouched).
    package static func open(_ location: DataLocation, readOnly: Bool = false) throws -> StudyStore {
        do {
            return readOnly ? try StudyStore.openForReading(at: location, appVersion: appVersion)
                            : try StudyStore.open(at: location, appVersion: appVersion)
        } catch .folderInUse(let path, let holder) {
            throw CLIError(message: StoreError.folderInUse(path: path, holder: holder).description, code: CLIError.Code.folderInUse)
        } catch {
            throw CLIError(message: error.description, code: CLIError.Code.dataUnavailable)
        }
    }
}
