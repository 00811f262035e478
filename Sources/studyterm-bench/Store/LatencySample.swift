import Foundation
import StudyStore

/// Timings of one repeated operation, in milliseconds, with the usual order statistics.
public struct LatencySample: Sendable, Equatable {
    /// Every timing, sorted ascending.
    public let sortedMilliseconds: [Double]

    /// A sample from unsorted timings.
    public init(milliseconds: [Double]) {
        sortedMilliseconds = milliseconds.sorted()
    }

    /// The value below which `fraction` of the timings fall (nearest rank).
    public func percentile(_ fraction: Double) -> Double {
        guard !sortedMilliseconds.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sortedMilliseconds.count)).rounded(.up)) - 1
        return sortedMilliseconds[Swift.min(Swift.max(rank, 0), sortedMilliseconds.count - 1)]
    }

    /// The median.
    public var median: Double { percentile(0.5) }
    /// The 99th percentile.
    public var p99: Double { percentile(0.99) }
    /// The slowest timing.
    public var max: Double { sortedMilliseconds.last ?? 0 }

    /// E.g. "median 0.61 ms, p90 0.80 ms, p99 1.92 ms, max 6.20 ms (n=2000)".
    public var summary: String {
        func ms(_ v: Double) -> String { String(format: "%.2f ms", v) }
        return "median \(ms(median)), p90 \(ms(percentile(0.9))), p99 \(ms(p99)), max \(ms(max)) (n=\(sortedMilliseconds.count))"
    }

    /// Runs `body` and returns how long it took in milliseconds.
    static func time(_ body: () throws(StoreError) -> Void) throws(StoreError) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}
