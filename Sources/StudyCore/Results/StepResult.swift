import Foundation

/// One node of the result tree (SageResearch v4 / JsonModel shape).
public indirect enum StepResult: Sendable, Equatable {
    /// A step with no answer (instructions, active steps).
    case base(BaseResult)
    /// One answer.
    case answer(AnswerResult)
    /// A v2 form step: one answer per field.
    case collection(CollectionResult)
    /// A section: its own history and path.
    case section(BranchResult)
    /// A file written to the output directory.
    case file(FileResult)
    /// An error.
    case error(ErrorResult)
    /// What a timed step measured: summary values and per-trial records.
    case measurement(MeasurementResult)

    /// The step (or field) identifier.
    public var identifier: String {
        switch self {
        case .base(let r): return r.identifier
        case .answer(let r): return r.identifier
        case .collection(let r): return r.identifier
        case .section(let r): return r.identifier
        case .file(let r): return r.identifier
        case .error(let r): return r.identifier
        case .measurement(let r): return r.identifier
        }
    }

    /// When the step was shown.
    public var startDate: Date {
        switch self {
        case .base(let r): return r.startDate
        case .answer(let r): return r.startDate
        case .collection(let r): return r.startDate
        case .section(let r): return r.startDate
        case .file(let r): return r.startDate
        case .error(let r): return r.startDate
        case .measurement(let r): return r.startDate
        }
    }

    /// The navigation skip target stored by a skip action.
    public var skipToIdentifier: String? {
        switch self {
        case .base(let r): return r.skipToIdentifier
        case .answer(let r): return r.skipToIdentifier
        case .collection(let r): return r.skipToIdentifier
        default: return nil
        }
    }

    /// Sets the end date (when the participant left the step).
    public mutating func setEndDate(_ date: Date) {
        switch self {
        case .base(var r): r.endDate = date; self = .base(r)
        case .answer(var r): r.endDate = date; self = .answer(r)
        case .collection(var r): r.endDate = date; self = .collection(r)
        case .section(var r): r.endDate = date; self = .section(r)
        case .file(var r): r.endDate = date; self = .file(r)
        case .error(var r): r.endDate = date; self = .error(r)
        case .measurement(var r): r.endDate = date; self = .measurement(r)
        }
    }

    /// True when this result holds an answer worth saving (ResearchKit's `isSaveable`).
    public var isSaveable: Bool {
        switch self {
        case .answer: return true
        case .collection(let c): return c.children.contains { $0.isSaveable }
        case .section(let b): return b.stepHistory.contains { $0.isSaveable }
        case .file, .measurement: return true
        case .base, .error: return false
        }
    }

    /// The answers this result holds, keyed by field identifier.
    public var answers: [String: JSONValue] {
        switch self {
        case .answer(let a): return [a.identifier: a.value]
        case .collection(let c):
            var out: [String: JSONValue] = [:]
            for child in c.children { if case .answer(let a) = child { out[a.identifier] = a.value } }
            return out
        case .measurement(let m):
            return Dictionary(m.summary.map { ($0.identifier, $0.value) }, uniquingKeysWith: { _, last in last })
        default: return [:]
        }
    }
}

/// A result with only timing.
public struct BaseResult: Sendable, Equatable {
    public var identifier: String
    public var startDate: Date
    public var endDate: Date
    public var skipToIdentifier: String?
    /// Why the step was passed over without being done ("not available in a terminal").
    public var skipReason: String?

    public init(identifier: String, startDate: Date, endDate: Date? = nil, skipToIdentifier: String? = nil, skipReason: String? = nil) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.skipToIdentifier = skipToIdentifier
        self.skipReason = skipReason
    }
}

/// One answer with its type.
public struct AnswerResult: Sendable, Equatable {
    public var identifier: String
    public var startDate: Date
    public var endDate: Date
    public var answerType: AnswerType
    /// The answer; `.null` when not answered.
    public var value: JSONValue
    /// The question as shown.
    public var questionText: String?
    public var skipToIdentifier: String?

    public init(identifier: String, startDate: Date, endDate: Date? = nil, answerType: AnswerType,
                value: JSONValue, questionText: String? = nil, skipToIdentifier: String? = nil) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.answerType = answerType
        self.value = value
        self.questionText = questionText
        self.skipToIdentifier = skipToIdentifier
    }
}

/// A form step's answers.
public struct CollectionResult: Sendable, Equatable {
    public var identifier: String
    public var startDate: Date
    public var endDate: Date
    public var children: [StepResult]
    public var skipToIdentifier: String?

    public init(identifier: String, startDate: Date, endDate: Date? = nil, children: [StepResult] = [],
                skipToIdentifier: String? = nil) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.children = children
        self.skipToIdentifier = skipToIdentifier
    }
}

/// A file result; the file lives at `outputDirectory/relativePath`.
public struct FileResult: Sendable, Equatable {
    public var identifier: String
    public var startDate: Date
    public var endDate: Date
    public var relativePath: String
    public var contentType: String?
    public var startUptime: Double?

    public init(identifier: String, startDate: Date, endDate: Date? = nil, relativePath: String,
                contentType: String? = nil, startUptime: Double? = nil) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.relativePath = relativePath
        self.contentType = contentType
        self.startUptime = startUptime
    }
}

/// An error result.
public struct ErrorResult: Sendable, Equatable {
    public var identifier: String
    public var startDate: Date
    public var endDate: Date
    public var errorDescription: String
    public var errorDomain: String
    public var errorCode: Int

    public init(identifier: String, startDate: Date, endDate: Date? = nil, errorDescription: String,
                errorDomain: String = "StudyTerm", errorCode: Int = 1) {
        self.identifier = identifier
        self.startDate = startDate
        self.endDate = endDate ?? startDate
        self.errorDescription = errorDescription
        self.errorDomain = errorDomain
        self.errorCode = errorCode
    }
}
