import StudyCore

/// The FHIR release a Questionnaire was written for.
public enum FHIRVersion: String, Sendable, Equatable {
    case stu3 = "STU3", r4 = "R4", r5 = "R5"

    /// Guesses the release from the shape of a Questionnaire (reference notes §3): STU3 if items use
    /// `options`/`option`/`initial<Type>` or enableWhen uses `hasAnswer` or has no operator; R5 if
    /// `answerConstraint`, `disabledDisplay` or item types `coding`/`question` appear; otherwise R4.
    public static func detect(questionnaire json: JSONValue) -> (version: FHIRVersion, evidence: String?) {
        var stu3: String?, r5: String?
        func walk(_ items: [JSONValue], _ parent: String) {
            for (i, item) in items.enumerated() {
                let path = ItemPath.child(parent, linkId: item["linkId"]?.stringValue, index: i)
                let keys = item.objectValue?.keys.sorted() ?? []
                if stu3 == nil {
                    if let k = keys.first(where: { $0 == "options" || $0 == "option" || isInitialX($0) }) {
                        stu3 = "\(path).\(k)"
                    } else if let ew = item["enableWhen"]?.arrayValue,
                        ew.contains(where: { $0["hasAnswer"] != nil || $0["operator"] == nil })
                    {
                        stu3 = "\(path).enableWhen without operator"
                    }
                }
                if r5 == nil {
                    if let k = keys.first(where: { $0 == "answerConstraint" || $0 == "disabledDisplay" }) {
                        r5 = "\(path).\(k)"
                    } else if let t = item["type"]?.stringValue, t == "coding" || t == "question" {
                        r5 = "\(path).type \(t)"
                    }
                }
                walk(item["item"]?.arrayValue ?? [], path)
            }
        }
        walk(json["item"]?.arrayValue ?? [], "")
        if let stu3 { return (.stu3, stu3) }
        if let r5 { return (.r5, r5) }
        return (.r4, nil)
    }

    /// True for STU3 `initialBoolean`, `initialCoding`, ... (R4 has `initial[]`).
    static func isInitialX(_ key: String) -> Bool {
        key.count > 7 && key.hasPrefix("initial") && key.dropFirst(7).first!.isUppercase
    }
}
