import Foundation
import GRDB
import StudyCore
import StudyExport

extension StudyStore {
    /// Every stored result with its run, in the order the runs finished; one study or all.
    public func storedResults(studyID: String? = nil) throws(StoreError) -> [StoredResult] {
        try database.read("read the results") { db in
            let adapters = splittingRowAdapters(columnCounts: [
                try db.columns(in: TaskRunRecord.databaseTableName).count,
                try db.columns(in: ResultRecord.databaseTableName).count,
            ])
            let adapter = ScopeAdapter(["run": adapters[0], "result": adapters[1]])
            let rows = try Row.fetchAll(db, sql: """
                SELECT taskRun.*, result.* FROM taskRun JOIN result ON result.runID = taskRun.id
                WHERE ?1 IS NULL OR taskRun.studyID = ?1 ORDER BY taskRun.finishedAt, taskRun.id
                """, arguments: [studyID], adapter: adapter)
            return try rows.map { row in
                StoredResult(run: try TaskRunRecord(row: row.scopes["run"]!), result: try ResultRecord(row: row.scopes["result"]!))
            }
        }
    }

    /// Every stored result as the exporters read it, in the order the runs finished; one study or all.
    public func exportableRuns(studyID: String? = nil) throws(StoreError) -> [ExportableRun] {
        var runs: [ExportableRun] = []
        for stored in try storedResults(studyID: studyID) { runs.append(try stored.exportable()) }
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
        let runs = try exportableRuns(studyID: studyID)
        return (ExportDocument.text(format, runs: runs), runs.count)
    }
}
