import Foundation

/// The kind of answer a field takes, with its bounds.
public enum InputKind: Sendable, Equatable {
    case text(TextOptions)
    case integer(NumberOptions)
    case decimal(NumberOptions)
    case year(YearOptions)
    case date(DateOptions)
    case duration(DurationOptions)
    case boolean(BooleanOptions)
    case choice(ChoiceOptions)
    case multipleComponent(MultipleComponentOptions)
    case measurement(MeasurementOptions)
    case postalCode
    /// A group of fields answered once per repetition ("Medication 2 of 3"); the answer is an
    /// array of objects keyed by field identifier.
    case repeatingGroup(RepeatingGroupOptions)

    /// A short name for reports and results ("integer", "singleChoice", ...).
    public var name: String {
        switch self {
        case .text(let o): return o.isMultiline ? "multilineText" : "text"
        case .integer: return "integer"
        case .decimal: return "decimal"
        case .year: return "year"
        case .date(let o): return o.component.rawValue
        case .duration: return "duration"
        case .boolean: return "boolean"
        case .choice(let o): return o.allowsMultiple ? "multipleChoice" : "singleChoice"
        case .multipleComponent: return "multipleComponent"
        case .measurement(let o): return o.kind.rawValue
        case .postalCode: return "postalCode"
        case .repeatingGroup: return "repeatingGroup"
        }
    }
}

/// Text field options.
public struct TextOptions: Sendable, Equatable {
    public var isMultiline: Bool
    /// A regular expression the whole answer must match.
    public var pattern: String?
    /// The message shown when the pattern does not match.
    public var invalidMessage: String?
    public var maximumLength: Int?
    public var minimumLength: Int?
    /// Echo bullets instead of the typed text.
    public var isSecure: Bool

    public init(
        isMultiline: Bool = false, pattern: String? = nil, invalidMessage: String? = nil,
        maximumLength: Int? = nil, minimumLength: Int? = nil, isSecure: Bool = false
    ) {
        self.isMultiline = isMultiline
        self.pattern = pattern
        self.invalidMessage = invalidMessage
        self.maximumLength = maximumLength
        self.minimumLength = minimumLength
        self.isSecure = isSecure
    }
}

/// Integer and decimal options.
public struct NumberOptions: Sendable, Equatable {
    public var minimum: Double?
    public var maximum: Double?
    /// Slider and picker step.
    public var step: Double?
    /// Unit label shown after the value.
    public var unit: String?
    public var maximumFractionDigits: Int?
    /// Labels at the ends of a slider.
    public var minimumLabel: String?
    public var maximumLabel: String?
    public var minimumMessage: String?
    public var maximumMessage: String?
    /// Units to choose from (two or more; the answer is then `{"value", "unit", "code", "system"}`).
    /// The bounds apply to the first unit.
    public var units: [UnitChoice] = []

    public init(
        minimum: Double? = nil, maximum: Double? = nil, step: Double? = nil, unit: String? = nil,
        maximumFractionDigits: Int? = nil, minimumLabel: String? = nil, maximumLabel: String? = nil,
        minimumMessage: String? = nil, maximumMessage: String? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.unit = unit
        self.maximumFractionDigits = maximumFractionDigits
        self.minimumLabel = minimumLabel
        self.maximumLabel = maximumLabel
        self.minimumMessage = minimumMessage
        self.maximumMessage = maximumMessage
    }
}

/// Year options.
public struct YearOptions: Sendable, Equatable {
    public var minimumYear: Int?
    public var maximumYear: Int?
    public var allowFuture: Bool
    public var allowPast: Bool

    public init(minimumYear: Int? = nil, maximumYear: Int? = nil, allowFuture: Bool = true, allowPast: Bool = true) {
        self.minimumYear = minimumYear
        self.maximumYear = maximumYear
        self.allowFuture = allowFuture
        self.allowPast = allowPast
    }
}

/// Date, time and date-time options. Answers are strings in `codingFormat`.
public struct DateOptions: Sendable, Equatable {
    /// Which parts of a date the field takes.
    public enum Component: String, Sendable, Equatable {
        case date, time, dateTime = "date-time"
    }

    public var component: Component
    /// The answer's text format (a date format pattern such as `yyyy-MM-dd`).
    public var codingFormat: String
    /// Bounds, already parsed.
    public var minimum: Date?
    public var maximum: Date?
    public var allowFuture: Bool
    public var allowPast: Bool
    /// Minute step for times.
    public var minuteInterval: Int?
    /// The value proposed to the participant, in `codingFormat`.
    public var defaultValue: String?
    /// Coarser formats also accepted and kept as given (FHIR partial dates such as `yyyy-MM`).
    public var partialFormats: [String] = []

    public init(
        component: Component, codingFormat: String? = nil, minimum: Date? = nil, maximum: Date? = nil,
        allowFuture: Bool = true, allowPast: Bool = true, minuteInterval: Int? = nil, defaultValue: String? = nil
    ) {
        self.component = component
        self.codingFormat = codingFormat ?? DateOptions.defaultFormat(for: component)
        self.minimum = minimum
        self.maximum = maximum
        self.allowFuture = allowFuture
        self.allowPast = allowPast
        self.minuteInterval = minuteInterval
        self.defaultValue = defaultValue
    }

    /// The format used when a file gives none.
    public static func defaultFormat(for component: Component) -> String {
        switch component {
        case .date: return "yyyy-MM-dd"
        case .time: return "HH:mm"
        case .dateTime: return "yyyy-MM-dd'T'HH:mm"
        }
    }
}

/// Duration options; answers are seconds.
public struct DurationOptions: Sendable, Equatable {
    /// Units offered for entry.
    public enum Unit: String, Sendable, Equatable, CaseIterable { case hour, minute, second }

    public var minimumSeconds: Double?
    public var maximumSeconds: Double?
    public var units: [Unit]

    public init(minimumSeconds: Double? = nil, maximumSeconds: Double? = nil, units: [Unit] = [.hour, .minute]) {
        self.minimumSeconds = minimumSeconds
        self.maximumSeconds = maximumSeconds
        self.units = units
    }
}

/// Boolean options.
public struct BooleanOptions: Sendable, Equatable {
    public var trueLabel: String
    public var falseLabel: String
    /// Shown as a single checkbox (checked = true) rather than Yes/No.
    public var isCheckbox: Bool

    public init(trueLabel: String = "Yes", falseLabel: String = "No", isCheckbox: Bool = false) {
        self.trueLabel = trueLabel
        self.falseLabel = falseLabel
        self.isCheckbox = isCheckbox
    }
}

/// Multiple-component picker options (one choice per component).
public struct MultipleComponentOptions: Sendable, Equatable {
    public var components: [[Choice]]
    /// Joins the parts into one string answer when set.
    public var separator: String?

    public init(components: [[Choice]], separator: String? = nil) {
        self.components = components
        self.separator = separator
    }
}

/// Height, weight and blood pressure.
public struct MeasurementOptions: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case height, weight, bloodPressure }
    public enum Range: String, Sendable, Equatable { case adult, child, infant }

    public var kind: Kind
    public var range: Range
    /// The unit answers are stored in (cm, kg, mmHg).
    public var unit: String

    public init(kind: Kind, range: Range = .adult, unit: String? = nil) {
        self.kind = kind
        self.range = range
        self.unit = unit ?? (kind == .height ? "cm" : kind == .weight ? "kg" : "mmHg")
    }

    /// Plausible bounds for the kind and range, in `unit`.
    public var bounds: ClosedRange<Double>? {
        switch (kind, range) {
        case (.height, .adult): return 50...272
        case (.height, .child): return 30...220
        case (.height, .infant): return 20...120
        case (.weight, .adult): return 2...600
        case (.weight, .child): return 1...200
        case (.weight, .infant): return 0.2...30
        case (.bloodPressure, _): return nil
        }
    }
}

/// A repeating group's fields and repetition bounds.
public struct RepeatingGroupOptions: Sendable, Equatable {
    public var fields: [InputField]
    public var minimumCount: Int
    public var maximumCount: Int?
    /// The label of one repetition ("Medication").
    public var itemLabel: String

    public init(fields: [InputField], minimumCount: Int = 0, maximumCount: Int? = nil, itemLabel: String) {
        self.fields = fields
        self.minimumCount = minimumCount
        self.maximumCount = maximumCount
        self.itemLabel = itemLabel
    }
}
