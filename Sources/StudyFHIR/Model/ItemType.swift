/// The R4 item types (R5 `coding` is adapted to `choice`/`open-choice` before this).
public enum ItemType: String, Sendable, Equatable, CaseIterable {
    case group, display, boolean, decimal, integer, date, dateTime, time, string, text, url
    case choice
    case openChoice = "open-choice"
    case attachment, reference, quantity

    /// True for items that take answers (everything but group and display).
    public var isQuestion: Bool { self != .group && self != .display }

    /// True for choice and open-choice.
    public var hasOptions: Bool { self == .choice || self == .openChoice }

    /// The answer `value[x]` suffixes R4 allows for this type (the first is the usual one).
    public var allowedValueTypes: [String] {
        switch self {
        case .group, .display: return []
        case .boolean: return ["Boolean"]
        case .decimal: return ["Decimal"]
        case .integer: return ["Integer"]
        case .date: return ["Date"]
        case .dateTime: return ["DateTime"]
        case .time: return ["Time"]
        case .string, .text: return ["String"]
        case .url: return ["Uri"]
        case .choice, .openChoice: return ["Coding", "String", "Integer", "Date", "Time", "Reference"]
        case .attachment: return ["Attachment"]
        case .reference: return ["Reference"]
        case .quantity: return ["Quantity"]
        }
    }
}

