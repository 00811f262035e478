import Foundation

extension KioskConfiguration {
    /// The keys of the top-level object.
    static let keys = ["formatVersion", "stationID", "study", "dataDirectory", "sessionPlan", "participantID", "languages",
                       "timeouts", "partialAnswers", "adminPINFile", "retention", "endOfSession", "auditLog", "statusFile",
                       "exportDirectory", "consent"]

    /// Reads a configuration file; relative paths in it are resolved against its folder.
    public static func load(path: String) throws(KioskConfigurationError) -> KioskConfiguration {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw KioskConfigurationError(file: path, path: "", reason: "cannot be read (\(error.localizedDescription))")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        return try decode(data, file: path, folder: folder)
    }

    /// Decodes a configuration; `file` names it in errors, `folder` anchors relative paths.
    public static func decode(_ data: Data, file: String, folder: String) throws(KioskConfigurationError) -> KioskConfiguration {
        let json: JSONValue
        do { json = try JSONParser.parse(data) } catch {
            throw KioskConfigurationError(file: file, path: "", reason: "not valid JSON: \(error.description)")
        }
        let root = try StrictJSONObject(json, path: "", file: file)
        try root.onlyKeys(keys)
        let format = try root.int("formatVersion", in: Int.min...Int.max) ?? formatVersion
        if format != formatVersion {
            throw root.error("unsupported format version \(format); this StudyTerm reads version \(formatVersion)", at: "formatVersion")
        }
        let resolve = { (p: String) in p.hasPrefix("/") ? p : URL(fileURLWithPath: folder).appendingPathComponent(p).standardizedFileURL.path }
        let stationID = try root.requiredString("stationID")
        if stationID.range(of: #"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"#, options: .regularExpression) == nil {
            throw root.error("must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit", at: "stationID")
        }
        let dataFolder = resolve(try root.string("dataDirectory") ?? "/var/lib/studyterm")
        return KioskConfiguration(
            stationID: stationID, study: try decodeStudy(root, resolve: resolve), dataDirectory: dataFolder,
            sessionPlan: try decodePlan(root), participantID: try decodeParticipantID(root, resolve: resolve),
            languages: try decodeLanguages(root), timeouts: try decodeTimeouts(root),
            partialAnswers: try root.choice("partialAnswers", PartialAnswerPolicy.self) ?? .keep,
            adminPINFile: resolve(try root.string("adminPINFile") ?? dataFolder + "/admin-pin.json"),
            retention: try decodeRetention(root), endOfSession: try root.choice("endOfSession", EndOfSession.self) ?? .welcome,
            auditLog: resolve(try root.string("auditLog") ?? dataFolder + "/audit.log"),
            statusFile: resolve(try root.string("statusFile") ?? dataFolder + "/status.json"),
            exportDirectory: resolve(try root.string("exportDirectory") ?? dataFolder + "/exports"),
            consent: try root.choice("consent", KioskConsent.self) ?? KioskConsent.none)
    }

    /// `study`: `{"folder": PATH}` or `{"server": URL, "credentials": PATH}`.
    private static func decodeStudy(_ root: StrictJSONObject, resolve: (String) -> String) throws(KioskConfigurationError) -> KioskStudySource {
        guard let study = try root.object("study") else { throw root.error("missing required key", at: "study") }
        try study.onlyKeys(["folder", "server", "credentials"])
        let folder = try study.string("folder"), server = try study.string("server")
        switch (folder, server) {
        case (let folder?, nil):
            if study.value("credentials") != nil { throw study.error("only a study server needs credentials", at: "credentials") }
            return .folder(resolve(folder))
        case (nil, let server?):
            guard let url = URL(string: server), ["https", "http"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw study.error("expected an https:// URL, found \"\(server)\"", at: "server")
            }
            return .server(url: server, credentialsFile: resolve(try study.requiredString("credentials")))
        case (_?, _?): throw study.error("give \"folder\" or \"server\", not both")
        case (nil, nil): throw study.error("needs \"folder\" or \"server\"")
        }
    }

    /// `sessionPlan`: a non-empty array of `{"task": ID, "if": CONDITION}`; conditions name earlier tasks.
    private static func decodePlan(_ root: StrictJSONObject) throws(KioskConfigurationError) -> [KioskPlanItem] {
        guard let items = try root.array("sessionPlan") else { throw root.error("missing required key", at: "sessionPlan") }
        if items.isEmpty { throw root.error("must name at least one task", at: "sessionPlan") }
        var plan: [KioskPlanItem] = []
        for (i, value) in items.enumerated() {
            let item = try StrictJSONObject(value, path: "sessionPlan[\(i)]", file: root.file)
            try item.onlyKeys(["task", "if"])
            let task = try item.requiredString("task")
            if plan.contains(where: { $0.task == task }) { throw item.error("task \"\(task)\" is already in the plan", at: "task") }
            let earlier = plan.map(\.task)
            var condition = KioskPlanCondition.always
            if let c = try item.object("if") { condition = try decodeCondition(c, earlier: earlier) }
            plan.append(KioskPlanItem(task: task, condition: condition))
        }
        return plan
    }

    /// A plan condition: `{"completed": TASK}` or `{"task": TASK, "step": STEP, "equals": VALUE}`.
    private static func decodeCondition(_ c: StrictJSONObject, earlier: [String]) throws(KioskConfigurationError) -> KioskPlanCondition {
        try c.onlyKeys(["completed", "task", "step", "equals"])
        func check(_ task: String, _ key: String) throws(KioskConfigurationError) {
            if !earlier.contains(task) { throw c.error("\"\(task)\" is not an earlier task of the plan", at: key) }
        }
        if let task = try c.string("completed") {
            if c.value("task") != nil || c.value("step") != nil || c.value("equals") != nil {
                throw c.error("give \"completed\" alone, or \"task\", \"step\" and \"equals\"")
            }
            try check(task, "completed")
            return .completed(task: task)
        }
        let task = try c.requiredString("task")
        try check(task, "task")
        return .answerEquals(task: task, step: try c.requiredString("step"), value: try c.required("equals"))
    }
}
