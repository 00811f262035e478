import Foundation

/// A task to run: an ordered list of steps (with nested sections) plus task-wide settings.
/// Every importer (SageResearch JSON, FHIR Questionnaire) produces this same value.
public struct TaskDefinition: Sendable, Equatable {
    /// The task identifier (results carry it).
    public var identifier: String
    /// Display title, when the file gives one.
    public var title: String?
    /// Display subtitle or short description.
    public var subtitle: String?
    /// Schema identifier for results (SageResearch `schemaIdentifier` / `schemaInfo.identifier`).
    public var schemaIdentifier: String?
    /// Version string (`versionString`, `schemaInfo.revision`, or a Questionnaire version).
    public var version: String?
    /// Estimated minutes to complete, when known.
    public var estimatedMinutes: Double?
    /// The top-level navigator.
    public var steps: StepList
    /// Task-wide button overrides.
    public var actions: [ActionType: StepAction]
    /// Task-wide hidden buttons.
    public var shouldHideActions: Set<ActionType>
    /// Recorders configured for the whole task (kept; a terminal runs none of the sensor kinds).
    public var asyncActions: [AsyncActionConfig]
    /// Which format the task was read from.
    public var format: TaskFormat
    /// Extra, importer-specific data kept with the task (a FHIR Questionnaire keeps its JSON here).
    public var sourceDocument: JSONValue?

    public init(
        identifier: String, title: String? = nil, subtitle: String? = nil, schemaIdentifier: String? = nil,
        version: String? = nil, estimatedMinutes: Double? = nil, steps: StepList,
        actions: [ActionType: StepAction] = [:], shouldHideActions: Set<ActionType> = [],
        asyncActions: [AsyncActionConfig] = [], format: TaskFormat = .sageV2, sourceDocument: JSONValue? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.schemaIdentifier = schemaIdentifier
        self.version = version
        self.estimatedMinutes = estimatedMinutes
        self.steps = steps
        self.actions = actions
        self.shouldHideActions = shouldHideActions
        self.asyncActions = asyncActions
        self.format = format
        self.sourceDocument = sourceDocument
    }
}

/// The file format a task came from.
public enum TaskFormat: String, Sendable, Equatable, Codable {
    /// SageResearch RSD v1/v2 (`form` steps with `inputFields`).
    case sageV2
    /// SageResearch v3.1+/v4 (`"type": "assessment"`, `*Question` steps).
    case sageV4
    /// AssessmentModel (AssessmentModelKMM).
    case assessmentModel
    /// A FHIR Questionnaire.
    case fhirQuestionnaire
}

/// One navigator's steps plus its progress markers.
public struct StepList: Sendable, Equatable {
    /// The steps, in array order.
    public var steps: [StepDefinition] { didSet { indexByID = Self.index(steps) } }
    /// Step ids that count toward exact progress; nil means estimated progress.
    public var progressMarkers: [StepID]?
    /// Identifier → array index (the first step with that id), so lookups do not scan long tasks.
    private var indexByID: [StepID: Int]

    public init(steps: [StepDefinition], progressMarkers: [StepID]? = nil) {
        self.steps = steps
        self.progressMarkers = progressMarkers
        indexByID = Self.index(steps)
    }

    private static func index(_ steps: [StepDefinition]) -> [StepID: Int] {
        var out: [StepID: Int] = [:]
        out.reserveCapacity(steps.count)
        for (i, s) in steps.enumerated() where out[s.identifier] == nil { out[s.identifier] = i }
        return out
    }

    /// The step with this identifier in this navigator (not in nested sections).
    public func step(_ id: StepID) -> StepDefinition? { indexByID[id].map { steps[$0] } }

    /// The array index of this step identifier.
    public func index(of id: StepID) -> Int? { indexByID[id] }
}
