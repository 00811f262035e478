import Foundation
import GRDB
import StudyCore

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

    /// One row per answer of every stored result (the flat CSV export).
    public func answerRows(studyID: String? = nil) throws(StoreError) -> [AnswerRow] {
        var rows: [AnswerRow] = []
        for stored in try storedResults(studyID: studyID) { rows.append(contentsOf: try AnswerRow.rows(of: stored)) }
        return rows
    }

    /// The FHIR resources of every stored result, in run order: QuestionnaireResponses and Observations
    /// (the FHIR NDJSON export writes one per line).
    public func fhirResources(studyID: String? = nil) throws(StoreError) -> [JSONValue] {
        var resources: [JSONValue] = []
        for stored in try storedResults(studyID: studyID) {
            if let response = try stored.result.decodedQuestionnaireResponse() { resources.append(response) }
            resources.append(contentsOf: try stored.result.decodedObservations())
        }
        return resources
    }
}
