import Foundation
import StudyTestSupport
import Testing
import StudyStore
@testable import studyterm_bench

@Suite struct StoreBenchmarkTests {
    @Test func runsASmallBenchmarkAndCleansUpAfterItself() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let report = try StoreBenchmark.measure(at: dir.url, saves: 30, finishes: 5, runs: 300)
        #expect(report.snapshotFull.sortedMilliseconds.count == 30)
        #expect(report.setup.contains("journal_mode=truncate synchronous=FULL"))
        #expect(report.text.contains("open + dashboard, 300 runs"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
        if ProcessInfo.processInfo.environment["STUDYSTORE_BENCH"] == "1" {
            print(try StoreBenchmark.run(at: dir.url))
        }
    }

    @Test func computesNearestRankPercentiles() {
        let sample = LatencySample(milliseconds: (1...100).map(Double.init).reversed())
        #expect(sample.median == 50 && sample.p99 == 99 && sample.max == 100 && sample.percentile(0) == 1)
    }
}
