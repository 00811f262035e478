import Foundation
import GRDB
import StudyCore
import StudyExport

extension StudyStore {
    /// Every stored result with its run, in the order the runs finished; one study or all (every participant's).
    public func storedResults(studyID: String? = nil) throws(StoreError) -> [StoredResult] {
        try storedResults(scope: RowScope(studyID: studyID))
    }

    /// The stored results of the runs in `scope`, in the order the runs finished.
    func storedResults(scope: RowScope) throws(StoreError) -> [StoredResult] {
        try database.read("read the results") { db in
            let adapters = splittingRowAdapters(columnCounts: [
                try db.columns(in: TaskRunRecord.databaseTableName).count,
                try db.columns(in: ResultRecord.databaseTableName).count, 1,
            ])
            let adapter = ScopeAdapter(["run": adapters[0], "result": adapters[1], "owner": adapters[2]])
            let rows = try Row.fetchAll(db, sql: """
                SELECT taskRun.*, result.*, enrollment.participantID FROM taskRun JOIN result ON result.runID = taskRun.id
                LEFT JOIN enrollment ON enrollment.id = taskRun.enrollmentID
                WHERE \(scope.condition("taskRun")) ORDER BY taskRun.finishedAt, taskRun.id
                """, arguments: scope.arguments, adapter: adapter)
            return try rows.map { row in
                let owner: String? = row.scopes["owner"].flatMap { $0[0] }
                return StoredResult(run: try TaskRunRecord(row: row.scopes["run"]!), result: try ResultRecord(row: row.scopes["result"]!),
                                    participantID: owner)
            }
        }
    }

    /// Every stored result as the exporters read it, in the order the runs finished; one study or all.
    public func exportableRuns(studyID: String? = nil) throws(StoreError) -> [ExportableRun] {
        try exportableRuns(scope: RowScope(studyID: studyID))
    }

    /// The stored results of the runs in `scope` as the exporters read them.
    func exportableRuns(scope: RowScope) throws(StoreError) -> [ExportableRun] {
        var runs: [ExportableRun] = []
        for stored in try storedResults(scope: scope) { runs.append(try stored.exportable()) }
        return runs
    }

    /// One row per answer of every stored result (the flat CSV export).
    public func answerRows(studyID: String? = nil) throws(StoreError) -> [AnswerRow] {
        try exportableRuns(studyID: studyID).flatMap(AnswerRow.rows(of:))
    }

    /// The FHIR resources of every stored result, in run order: QuestionnaireResponses and Observations
    /// (the FHIR NDJSON export writes one per line).
    public func fhirResources(studyID: String? = nil) throws(StoreError) -> [JSONValue] {
        ExportDocument.fhirResources(of: try exportableRuns(studyID: studyID))
    }

    /// The whole document of one export format for one study (or all), and how many results it holds.
    public func exportDocument(_ format: ExportFormat, studyID: String? = nil) throws(StoreError) -> (text: String, resultCount: Int) {
        try exportDocument(format, scope: RowScope(studyID: studyID))
    }

    /// The whole document of one export format for the runs in `scope`, and how many results it holds.
    func exportDocument(_ format: ExportFormat, scope: RowScope) throws(StoreError) -> (text: String, resultCount: Int) {
        let runs = try exportableRuns(scope: scope)
        return (ExportDocument.text(format, runs: runs), runs.count)
    }
}
