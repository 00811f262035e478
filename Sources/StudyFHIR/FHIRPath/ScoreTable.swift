/// Scores (`ordinalValue`/`itemWeight`) of answer options, per item and overall.
public struct ScoreTable: Sendable, Equatable {
    private var perItem: [String: [String: Double]] = [:]
    private var byCode: [String: Double] = [:]

    /// An empty table.
    public init() {}

    /// Collects the option scores of every item of a questionnaire.
    public init(model: QuestionnaireModel) {
        for item in model.table.items {
            for opt in item.answerOptions {
                guard let w = opt.weight else { continue }
                add(linkId: item.linkId, value: opt.value, weight: w)
            }
        }
    }

    /// Records the score of one option value of one item.
    public mutating func add(linkId: String, value: FHIRValue, weight: Double) {
        let (system, code) = Self.key(value)
        perItem[linkId, default: [:]][(system ?? "") + "|" + code] = weight
        perItem[linkId, default: [:]]["|" + code] = perItem[linkId]?["|" + code] ?? weight
        if let system { byCode[system + "|" + code] = byCode[system + "|" + code] ?? weight }
        byCode["|" + code] = byCode["|" + code] ?? weight
    }

    /// The score of a coded (or plain) answer of an item; without a linkId any item's options count.
    /// With `itemOnly`, only that item's own options count: a plain number or string is a score
    /// of its item's options, never of another item's option that happens to have that code (a
    /// calculated total of 1 is not the option coded "1" of some question).
    public func weight(linkId: String?, system: String?, code: String, itemOnly: Bool = false) -> Double? {
        let exact = (system ?? "") + "|" + code, loose = "|" + code
        if let linkId, let t = perItem[linkId] { if let w = t[exact] ?? t[loose] { return w } }
        if itemOnly, linkId != nil { return nil }
        return byCode[exact] ?? byCode[loose]
    }

    private static func key(_ v: FHIRValue) -> (String?, String) {
        if case .coding(let c) = v { return (c.system, c.code ?? c.display ?? "") }
        return (nil, v.payload.displayText)
    }
}
