import Foundation

/// The summary of a list of trials: response times over the trials that had a response, and the
/// counts a psychologist reads first.
public struct TrialStatistics: Sendable, Equatable, Codable {
    /// Trials in all.
    public var trials: Int
    /// Trials with a response.
    public var responses: Int
    /// Keys before the stimulus.
    public var anticipations: Int
    /// Trials with no key before the timeout.
    public var timeouts: Int
    /// Responses marked right.
    public var correct: Int
    /// `correct / trials` where the task has right answers; nil where it has none.
    public var accuracy: Double?
    /// Mean response time of the responses, in milliseconds.
    public var meanRTMs: Double?
    /// Median response time of the responses.
    public var medianRTMs: Double?
    /// Sample standard deviation of the response times (n − 1; nil below two responses).
    public var sdRTMs: Double?

    /// The statistics of `trials`; `correctOnly` keeps only right responses in the times (as
    /// choice tasks report them).
    public init(_ trials: [Trial], correctOnly: Bool = false) {
        self.trials = trials.count
        responses = trials.filter { $0.outcome == .response }.count
        anticipations = trials.filter { $0.outcome == .anticipation }.count
        timeouts = trials.filter { $0.outcome == .timeout }.count
        correct = trials.filter { $0.correct == true }.count
        let judged = trials.contains { $0.correct != nil }
        accuracy = judged && !trials.isEmpty ? Double(correct) / Double(trials.count) : nil
        let times = trials.compactMap { trial -> Double? in
            guard trial.outcome == .response, !correctOnly || trial.correct != false else { return nil }
            return trial.responseTimeMs
        }
        meanRTMs = Self.mean(times)
        medianRTMs = Self.median(times)
        sdRTMs = Self.standardDeviation(times)
    }

    /// The arithmetic mean; nil when empty.
    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// The median (the mean of the middle two for an even count); nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The sample standard deviation; nil below two values.
    static func standardDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2, let mean = mean(values) else { return nil }
        let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }
}
