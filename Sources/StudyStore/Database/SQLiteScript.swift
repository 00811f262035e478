import Foundation
import GRDB

/// Runs SQL on a plain SQLite file, outside StudyTerm's schema: tests build foreign and damaged
/// databases with it, so they need not import GRDB themselves.
enum SQLiteScript {
    /// Executes `sql` (several statements allowed) on the file at `path`, creating it if needed.
    static func run(_ sql: String, inFileAt path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }
}
