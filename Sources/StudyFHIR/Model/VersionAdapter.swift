import StudyCore

/// Rewrites STU3 and R5 Questionnaire elements into their R4 form, reporting each kind of change.
struct VersionAdapter {
    /// Changes made, by kind: how many and where first.
    private var changes: [(kind: String, count: Int, firstPath: String)] = []
    private var log: DiagnosticLog

    /// Starts an adapter that adds to `log`.
    init(log: DiagnosticLog) { self.log = log }

    /// Adapts a whole Questionnaire; returns the R4 JSON and the log with one warning per kind of change.
    static func adapt(_ json: JSONValue, version: FHIRVersion, log: DiagnosticLog) -> (JSONValue, DiagnosticLog) {
        var a = VersionAdapter(log: log)
        guard case .object(var root) = json else { return (json, log) }
        if let items = root["item"]?.arrayValue { root["item"] = .array(a.items(items, parent: "")) }
        for c in a.changes {
            let more = c.count > 1 ? " (\(c.count) places; first shown)" : ""
            a.log.warning(c.firstPath, "\(version == .r4 ? "leftover element adapted" : "adapted from \(version.rawValue)"): \(c.kind)\(more)")
        }
        return (.object(root), a.log)
    }

    private mutating func note(_ kind: String, _ path: String) {
        if let i = changes.firstIndex(where: { $0.kind == kind }) { changes[i].count += 1 } else { changes.append((kind, 1, path)) }
    }

    private mutating func items(_ list: [JSONValue], parent: String) -> [JSONValue] {
        list.enumerated().map { i, item in
            guard case .object(var o) = item else { return item }
            let path = ItemPath.child(parent, linkId: o["linkId"]?.stringValue, index: i)
            adaptSTU3(&o, path)
            adaptR5(&o, path)
            if let children = o["item"]?.arrayValue { o["item"] = .array(items(children, parent: path)) }
            return .object(o)
        }
    }

    private mutating func adaptSTU3(_ o: inout [String: JSONValue], _ path: String) {
        if let ref = o.removeValue(forKey: "options") {
            if o["answerValueSet"] == nil, let r = ref["reference"]?.stringValue ?? ref.stringValue { o["answerValueSet"] = .string(r) }
            note("item.options (Reference) → answerValueSet", path)
        }
        if let opts = o.removeValue(forKey: "option") {
            if o["answerOption"] == nil { o["answerOption"] = opts }
            note("item.option → answerOption", path)
        }
        for key in o.keys.sorted() where FHIRVersion.isInitialX(key) {
            let v = o.removeValue(forKey: key)!
            if o["type"]?.stringValue == "display" || o["type"]?.stringValue == "group" {
                note("\(key) on a display or group item (dropped)", path)
                continue
            }
            if o["initial"] == nil { o["initial"] = [.object(["value" + key.dropFirst(7): v])] }
            note("item.initial[x] → initial[]", path)
        }
        guard let ews = o["enableWhen"]?.arrayValue else { return }
        o["enableWhen"] = .array(ews.map { ew in
            guard case .object(var e) = ew, e["operator"] == nil else { return ew }
            if let has = e.removeValue(forKey: "hasAnswer") {
                e["operator"] = "exists"
                e["answerBoolean"] = has
                note("enableWhen.hasAnswer → operator exists", path)
            } else {
                e["operator"] = "="
                note("enableWhen without operator → operator =", path)
            }
            return .object(e)
        })
    }

    private mutating func adaptR5(_ o: inout [String: JSONValue], _ path: String) {
        let constraint = o.removeValue(forKey: "answerConstraint")?.stringValue
        if o.removeValue(forKey: "disabledDisplay") != nil {
            note("disabledDisplay (disabled items are always hidden here)", path)
        }
        let type = o["type"]?.stringValue
        if type == "coding" {
            o["type"] = constraint == nil || constraint == "optionsOnly" ? "choice" : "open-choice"
            note("type coding + answerConstraint → choice / open-choice", path)
        }
        if constraint == "optionsOrType" {
            note("answerConstraint optionsOrType is asked as optionsOrString (free text)", path)
        } else if let constraint, type != "coding", constraint != "optionsOnly" {
            note("answerConstraint \(constraint) on a \(type ?? "?") item is not supported (options only)", path)
        }
    }
}
