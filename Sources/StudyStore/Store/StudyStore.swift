import Foundation

/// The operations the app needs on its stored data; every method is one transaction.
public struct StudyStore: Sendable {
    /// The database underneath.
    public let database: AppDatabase
    /// The StudyTerm version written into every result's metadata.
    public let appVersion: String

    /// A store over an open database.
    public init(database: AppDatabase, appVersion: String) {
        self.database = database
        self.appVersion = appVersion
    }

    /// Opens the store in `location` (creating the folder and database as needed) as the one writer
    /// of `scope`: the journey's, or a kiosk session's (see `DataFolderLock`).
    public static func open(at location: DataLocation, scope: String = DataFolderLock.journey,
                            appVersion: String) throws(StoreError) -> StudyStore {
        StudyStore(database: try AppDatabase.open(at: location, scope: scope), appVersion: appVersion)
    }

    /// Opens the store in `location` only to read it, beside a writer in another process (export).
    public static func openForReading(at location: DataLocation, appVersion: String) throws(StoreError) -> StudyStore {
        StudyStore(database: try AppDatabase.openForReading(at: location), appVersion: appVersion)
    }

    /// A store over a fresh in-memory database (tests, previews).
    public static func inMemory(appVersion: String = "test") throws(StoreError) -> StudyStore {
        StudyStore(database: try AppDatabase.inMemory(), appVersion: appVersion)
    }
}
