import Foundation
import GRDB

/// Which rows a query reads: every row, one study's (every participant's), or one enrollment's
/// (``ParticipantStore``). Queries put `condition` in their WHERE clause and `arguments` first.
enum RowScope: Sendable, Equatable {
    /// Every row of the folder.
    case all
    /// Every row of one study, whoever made it (the whole-folder export of one study).
    case study(String)
    /// One participant's rows.
    case enrollment(Int64)

    /// `.study` for a study, `.all` for nil.
    init(studyID: String?) { self = studyID.map(RowScope.study) ?? .all }

    /// The column the scope filters on; nil for `.all`.
    var column: String? {
        switch self {
        case .all: nil
        case .study: "studyID"
        case .enrollment: "enrollmentID"
        }
    }

    /// The WHERE condition on the table aliased `alias` (`1` for `.all`).
    func condition(_ alias: String) -> String { column.map { "\(alias).\($0) = ?" } ?? "1" }

    /// The condition's arguments.
    var arguments: StatementArguments {
        switch self {
        case .all: []
        case .study(let studyID): [studyID]
        case .enrollment(let id): [id]
        }
    }
}
