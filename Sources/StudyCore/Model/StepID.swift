/// The identifier of a step, unique within its navigator (sections may reuse child ids).
public struct StepID: RawRepresentable, Hashable, Sendable, Codable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The identifier as written in the task file.
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public var description: String { rawValue }
    public static func < (a: StepID, b: StepID) -> Bool { a.rawValue < b.rawValue }

    /// `id` on a step path below `prefix` (empty, or ending with "/"): `prefix + id`, except
    /// where `id` already starts with `prefix` (or with the section's own identifier and "#"),
    /// as FHIR linkIds such as "H1/T1/Q1" below the sections "H1" and "H1/T1" do: their path is
    /// "H1/T1/Q1", not "H1/H1/T1/H1/T1/Q1".
    public static func path(_ prefix: String, _ id: String) -> String {
        guard !prefix.isEmpty else { return id }
        if id.hasPrefix(prefix) || id.hasPrefix(prefix.dropLast() + "#") { return id }
        return prefix + id
    }
}

/// Where a navigation rule points: a step, or one of the reserved targets.
public enum NavigationTarget: Hashable, Sendable, CustomStringConvertible {
    /// `exit`: ends the whole task early (finish reason earlyExit).
    case exit
    /// `nextSection`: ends the current section (at the top level, completes the task).
    case nextSection
    /// `nextStep`: in a before-rule, skips just this step.
    case nextStep
    /// `beginning` (AssessmentModel): back to the first step of the navigator.
    case beginning
    /// A step identifier; one not found in the current navigator ends that navigator.
    case step(StepID)

    /// Reads a target from its JSON spelling.
    public init(_ raw: String) {
        switch raw {
        case "exit": self = .exit
        case "nextSection": self = .nextSection
        case "nextStep": self = .nextStep
        case "beginning": self = .beginning
        default: self = .step(StepID(raw))
        }
    }

    /// The JSON spelling.
    public var rawValue: String {
        switch self {
        case .exit: return "exit"
        case .nextSection: return "nextSection"
        case .nextStep: return "nextStep"
        case .beginning: return "beginning"
        case .step(let id): return id.rawValue
        }
    }

    public var description: String { rawValue }
}
