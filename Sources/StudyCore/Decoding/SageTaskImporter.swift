import Foundation

/// Reads SageResearch task files: RSD v2, v4 assessments, AssessmentModel, task groups,
/// single-step resources and recorder configurations.
public struct SageTaskImporter: TaskImporter {
    public init() {}

    public func accepts(_ json: JSONValue) -> Bool { json["resourceType"] == nil }

    public func importTask(from json: JSONValue, file: FileReference) throws(TaskLoadError) -> LoadedTaskFile {
        let sink = DiagnosticSink()
        sink.loadingStack = [file]
        let root = JSONNode(value: json, path: "", file: file, sink: sink)
        let content = SageTaskImporter.decodeRoot(root)
        if sink.hasErrors || content == nil { throw TaskLoadError(diagnostics: sink.diagnostics) }
        return LoadedTaskFile(content: content!, warnings: sink.diagnostics)
    }

    /// Step types that, at the top of a file, make it a single-step file (not a task).
    static let stepTypes: Set<String> = ["instruction", "overview", "completion", "feedback", "form", "demographics",
        "active", "countdown", "section", "subtask", "transform", "taskInfo", "simpleQuestion", "multipleInputQuestion",
        "choiceQuestion", "stringChoiceQuestion", "transformableAssessment", "reactionTime", "choiceReactionTime", "twoKeyTapping"]

    static let recorderTypes: Set<String> = ["motion", "microphone", "distance", "weather", "audio", "location"]

    static func decodeRoot(_ root: JSONNode) -> LoadedTaskFile.Content? {
        guard root.requireObject("the file") != nil else { return nil }
        if root.has("taskGroups") {
            return .taskGroups(root.array("taskGroups")?.compactMap(decodeTaskGroup) ?? [])
        }
        if root.has("tasks"), !root.has("steps") {
            return decodeTaskGroup(root).map { .taskGroups([$0]) }
        }
        let type = root.value["type"]?.stringValue
        if root.has("steps"), type == nil || !stepTypes.contains(type!) {
            return decodeTask(root).map { .task($0) }
        }
        if let type, recorderTypes.contains(type) || root.has("recorderTypes") {
            return decodeAsyncAction(root).map { .asyncActionConfig($0) }
        }
        if root.has("type") {
            // A file holding one step (a transform target or a top-level transform): a one-step task.
            let dialect: TaskFormat = ["simpleQuestion", "choiceQuestion", "multipleInputQuestion", "stringChoiceQuestion"]
                .contains(root.value["type"]?.stringValue ?? "") ? .sageV4 : .sageV2
            guard let step = SageStepDecoder(format: dialect).decodeStep(root) else { return nil }
            root.warning("the file holds a single \"\(step.typeName)\" step; it runs as a one-step task")
            return .task(TaskDefinition(identifier: step.identifier.rawValue, title: step.title,
                                        steps: StepList(steps: [step]), format: dialect))
        }
        root.error("not a task file: expected \"steps\", \"taskGroups\", a step \"type\", or a FHIR \"resourceType\"")
        return nil
    }

    /// Detects the dialect of a task object from its type and its steps' vocabulary.
    static func format(of node: JSONNode) -> TaskFormat {
        guard node.value["type"]?.stringValue == "assessment" else { return .sageV2 }
        for step in node.value["steps"]?.arrayValue ?? [] {
            if step["type"]?.stringValue == "transformableAssessment" || step["other"] != nil { return .assessmentModel }
            if (step["choices"]?.arrayValue ?? []).contains(where: { $0["selectorType"] != nil }) { return .assessmentModel }
        }
        return .sageV4
    }

    static func decodeTask(_ node: JSONNode, identifierOverride: String? = nil) -> TaskDefinition? {
        let format = format(of: node)
        let identifier = identifierOverride ?? node.string("identifier", required: true) ?? ""
        let schema = node.object("schemaInfo")
        let decoder = SageStepDecoder(format: format)
        let steps = decoder.decodeStepList(node, key: "steps")
        var version = node.string("versionString")
        if version == nil, let rev = schema?.value["revision"] { version = rev.displayText }
        let task = TaskDefinition(
            identifier: identifier,
            title: node.string("title"),
            subtitle: node.string("subtitle") ?? node.string("detail"),
            schemaIdentifier: node.string("schemaIdentifier") ?? schema?.string("identifier"),
            version: version,
            estimatedMinutes: node.number("estimatedMinutes"),
            steps: steps,
            actions: decoder.decodeActions(node),
            shouldHideActions: decoder.decodeHiddenActions(node),
            asyncActions: node.array("asyncActions")?.compactMap(decodeAsyncAction) ?? [],
            format: format)
        SageTaskChecks(task: task, node: node).run()
        return task
    }

    static func decodeTaskGroup(_ node: JSONNode) -> TaskGroup? {
        guard node.requireObject("a task group") != nil else { return nil }
        let tasks = node.array("tasks", required: true)?.compactMap { info -> TaskInfo? in
            guard info.requireObject("a task info") != nil else { return nil }
            let id = info.string("identifier", required: true) ?? ""
            var task: TaskDefinition?
            if let transformer = info.object("taskTransformer"),
                let name = transformer.string("resourceName", required: true)
            {
                task = ResourceLoader(node: transformer).loadTask(resourceName: name, key: "resourceName", identifier: id)
            }
            return TaskInfo(identifier: id, title: info.string("title"), detail: info.string("detail"),
                            estimatedMinutes: info.number("estimatedMinutes"), task: task)
        }
        return TaskGroup(identifier: node.string("identifier", required: true) ?? "", title: node.string("title"),
                         tasks: tasks ?? [])
    }

    static func decodeAsyncAction(_ node: JSONNode) -> AsyncActionConfig? {
        guard node.requireObject("an async action") != nil else { return nil }
        let config = AsyncActionConfig(
            identifier: node.string("identifier", required: true) ?? "",
            type: node.string("type", required: true) ?? "",
            startStepIdentifier: node.string("startStepIdentifier").map { StepID($0) },
            stopStepIdentifier: node.string("stopStepIdentifier").map { StepID($0) },
            raw: node.value)
        node.warning("recorder \"\(config.identifier)\" (\(config.type)) needs device sensors; a terminal does not run it")
        return config
    }
}
