import Foundation
import StudyCore
import StudyStore

/// Measures what the participant feels: saving an answer durably, and opening the dashboard over many runs.
/// Not a test; `studyterm-bench store` prints `run(at:)`'s report.
enum StoreBenchmark {
    /// The figures of one benchmark run.
    public struct Report: Sendable, Equatable {
        /// SQLite's version and the durability settings used.
        public var setup: String
        /// Snapshot saves with a rollback journal and `synchronous = FULL` (what the app uses).
        public var snapshotFull: LatencySample
        /// Snapshot saves with a rollback journal and `synchronous = NORMAL`, for comparison.
        public var snapshotNormal: LatencySample
        /// Finishing a run (result, metadata, outbox, status, snapshot removal) with FULL.
        public var finish: LatencySample
        /// Opening the database and reading the whole dashboard with `runCount` runs stored.
        public var openAndDashboard: LatencySample
        /// Reading the dashboard again on an open database.
        public var dashboard: LatencySample
        /// How many runs were stored for the dashboard figures.
        public var runCount: Int
        /// The size of the snapshot JSON saved, in bytes.
        public var snapshotBytes: Int

        /// The report as text, with the targets and whether they are met.
        public var text: String {
            func verdict(_ ok: Bool) -> String { ok ? "PASS" : "FAIL" }
            return """
                StudyStore benchmark: \(setup)
                save answer (snapshot \(snapshotBytes) B, journal+FULL): \(snapshotFull.summary)
                  target median < 2 ms and p99 < 10 ms: \(verdict(snapshotFull.median < 2 && snapshotFull.p99 < 10))
                save answer (snapshot, journal+NORMAL, comparison): \(snapshotNormal.summary)
                finish run (journal+FULL):                      \(finish.summary)
                open + dashboard, \(runCount) runs:                 \(openAndDashboard.summary)
                  target < 50 ms: \(verdict(openAndDashboard.max < 50))
                dashboard read, open database, \(runCount) runs:    \(dashboard.summary)

                """
        }
    }

    /// Runs the benchmark in a fresh folder under `folder` (removed afterwards) and returns the report text.
    public static func run(at folder: URL) throws(StoreError) -> String {
        try measure(at: folder).text
    }

    /// Runs the benchmark with the given sizes and returns the figures.
    public static func measure(at folder: URL, saves: Int = 2000, finishes: Int = 200, runs: Int = 10_000) throws(StoreError) -> Report {
        let root = folder.appendingPathComponent("studyterm-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let full = DataLocation(folder: root.appendingPathComponent("full"))
        let normal = DataLocation(folder: root.appendingPathComponent("normal"))
        let snapshot = sampleSnapshot()
        // The writer's part in a scope of its own: the reopen timings below need its lock released.
        let (setup, snapshotFull, finish) = try { () throws(StoreError) in
            let fullStore = StudyStore(database: try AppDatabase.open(at: full, synchronous: .full), appVersion: "bench")
            let setup = try "SQLite \(fullStore.database.scalar(sql: "SELECT sqlite_version()") ?? "?"), \(fullStore.database.durability())"
            let snapshotFull = try timeSnapshots(fullStore, count: saves, snapshot: snapshot)
            let finish = try timeFinishes(fullStore, count: finishes)
            return (setup, snapshotFull, finish)
        }()
        try seedRuns(StudyStore(database: try AppDatabase.open(at: full, synchronous: .off), appVersion: "bench"), count: runs)
        let reads = try { () throws(StoreError) in
            let store = StudyStore(database: try AppDatabase.open(at: full, synchronous: .full), appVersion: "bench")
            var reads: [Double] = []
            for _ in 0..<50 {
                reads.append(try LatencySample.time { () throws(StoreError) in _ = try store.dashboard(studyID: "bench") })
            }
            return reads
        }()
        let snapshotNormal = try timeSnapshots(
            StudyStore(database: try AppDatabase.open(at: normal, synchronous: .normal), appVersion: "bench"),
            count: saves, snapshot: snapshot)
        var opens: [Double] = []
        for _ in 0..<5 {
            opens.append(try LatencySample.time { () throws(StoreError) in
                _ = try StudyStore.open(at: full, appVersion: "bench").dashboard(studyID: "bench")
            })
        }
        return Report(setup: setup, snapshotFull: snapshotFull, snapshotNormal: snapshotNormal, finish: finish,
                      openAndDashboard: LatencySample(milliseconds: opens), dashboard: LatencySample(milliseconds: reads),
                      runCount: runs, snapshotBytes: snapshot.compactJSON.utf8.count)
    }
}
