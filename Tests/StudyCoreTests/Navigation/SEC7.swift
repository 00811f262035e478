/// The upstream "SEC7" fixture as JSON: leaves are optional string questions so answers can be recorded.
enum SEC7 {
    static func leaf(_ id: String, _ extra: String = "") -> String {
        #"{"identifier":"\#(id)","type":"simpleQuestion","inputItem":{"type":"string"}\#(extra)}"#
    }

    static func section(_ id: String, _ children: [String]) -> String {
        #"{"identifier":"\#(id)","type":"section","steps":[\#(children.joined(separator: ","))]}"#
    }

    /// SEC7 with optional per-step extra JSON members (e.g. `,"nextStepIdentifier":"x"`), keyed by `section/child`.
    static func json(extra: [String: String] = [:], markers: Bool = true, completionType: String = "simpleQuestion") -> String {
        func l(_ path: String) -> String { leaf(String(path.split(separator: "/").last!), extra[path] ?? "") }
        let steps = [
            l("introduction"), l("step1"), l("step2"), l("step3"),
            section("step4", ["step4/stepA", "step4/stepB", "step4/stepC"].map(l)),
            section("step5", ["step5/stepX", "step5/stepY", "step5/stepZ"].map(l)),
            section("step6", ["step6/stepA", "step6/stepB", "step6/stepC"].map(l)),
            l("step7"),
            completionType == "completion" ? #"{"identifier":"completion","type":"completion"}"# : l("completion"),
        ]
        let m = markers ? #","progressMarkers":["step1","step2","step3","step4","step5","step6","step7"]"# : ""
        return #"{"identifier":"test","type":"assessment"\#(m),"steps":[\#(steps.joined(separator: ","))]}"#
    }
}
