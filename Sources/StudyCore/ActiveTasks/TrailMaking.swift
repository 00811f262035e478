/// Trail making, keyboard variant: targets labelled 1, 2, 3 … (part A) or 1, A, 2, B … (part B),
/// chosen by typing their labels in order. A wrong label is an error and does not move on.
public struct TrailMaking: Sendable, Equatable, Codable {
    /// The two parts of the test.
    public enum Part: String, Sendable, Equatable, Codable, CaseIterable {
        /// Numbers in order.
        case a = "A"
        /// Numbers and letters alternating.
        case b = "B"
    }

    /// One label typed.
    public struct Tap: Sendable, Equatable, Codable {
        /// The label typed.
        public var label: String
        /// The index of the target expected then.
        public var index: Int
        /// Whether it was not the expected one.
        public var incorrect: Bool
        /// Milliseconds from the step's start.
        public var timeMs: Double
    }

    /// The part.
    public let part: Part
    /// The labels in the order they must be chosen.
    public let labels: [String]
    /// Every label typed.
    public private(set) var taps: [Tap] = []
    /// Targets reached.
    public private(set) var reached = 0

    /// A trail of `count` targets (ResearchKit uses 13).
    public init(part: Part, count: Int = 13) {
        self.part = part
        labels = Self.labels(part: part, count: count)
    }

    /// The labels of a trail: 1…count, or 1, A, 2, B … for part B.
    public static func labels(part: Part, count: Int) -> [String] {
        switch part {
        case .a:
            return (1...max(1, count)).map(String.init)
        case .b:
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ").map(String.init)
            return (0..<max(1, count)).map { $0 % 2 == 0 ? String($0 / 2 + 1) : letters[($0 / 2) % letters.count] }
        }
    }

    /// Whether every target has been reached.
    public var isComplete: Bool { reached == labels.count }

    /// The label expected next, nil when complete.
    public var next: String? { isComplete ? nil : labels[reached] }

    /// Wrong labels typed.
    public var errors: Int { taps.filter(\.incorrect).count }

    /// Records `label` typed at `time` (from the step's start); returns whether it was right.
    @discardableResult
    public mutating func type(_ label: String, at time: Duration) -> Bool {
        guard let next else { return false }
        let right = label.uppercased() == next
        taps.append(Tap(label: label, index: reached, incorrect: !right, timeMs: time.milliseconds))
        if right { reached += 1 }
        return right
    }
}
