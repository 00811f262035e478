import Foundation

/// Decodes steps of any SageResearch dialect into `StepDefinition`s.
struct SageStepDecoder {
    let format: TaskFormat

    static let questionTypes: Set<String> = ["simpleQuestion", "multipleInputQuestion", "choiceQuestion", "stringChoiceQuestion"]

    /// Decodes `key` (an array of steps) into a navigator, checking identifiers are unique in it.
    func decodeStepList(_ node: JSONNode, key: String) -> StepList {
        let items = node.array(key, required: true) ?? []
        var steps: [StepDefinition] = []
        steps.reserveCapacity(items.count)
        var seen: [StepID: String] = [:]
        for item in items {
            guard let step = decodeStep(item) else { continue }
            if let first = seen[step.identifier] {
                item.error("duplicate step identifier \"\(step.identifier)\" (also at \(first)); identifiers must be unique within one list of steps", at: "identifier")
            } else {
                seen[step.identifier] = item.path
            }
            steps.append(step)
        }
        let markers = node.strings("progressMarkers")?.map { StepID($0) }
        for (i, m) in (markers ?? []).enumerated() where seen[m] == nil {
            node.warning("progress marker \"\(m)\" is not a step of this list", at: "progressMarkers[\(i)]")
        }
        return StepList(steps: steps, progressMarkers: markers)
    }

    /// Decodes one step; nil (with an error recorded) when it cannot be used.
    func decodeStep(_ raw: JSONNode) -> StepDefinition? {
        guard raw.requireObject("a step") != nil else { return nil }
        let node = applyDeviceOverrides(raw)
        guard let id = node.string("identifier", required: true) else { return nil }
        let type = node.string("type") ?? "instruction"
        var step = StepDefinition(
            identifier: StepID(id), kind: .instruction, typeName: type,
            title: node.string("title"),
            text: node.string("subtitle") ?? node.string("text"),
            detail: node.string("detail"),
            footnote: node.string("footnote"),
            nextStepIdentifier: node.string("nextStepIdentifier").map(NavigationTarget.init),
            fullInstructionsOnly: node.bool("fullInstructionsOnly") ?? false,
            actions: decodeActions(node),
            shouldHideActions: decodeHiddenActions(node),
            beforeCohortRules: decodeCohortRules(node, key: "beforeCohortRules"),
            afterCohortRules: decodeCohortRules(node, key: "afterCohortRules"))
        if let id = node.string("resultIdentifier") { step.shownResult = ShownResult(identifier: id, unit: node.string("unitText")) }
        if format != .sageV2, node.has("text"), !node.has("subtitle") {
            node.warning("\"text\" is the v2 name; v4 files use \"subtitle\"", at: "text")
        }
        switch type {
        case "instruction", "overview", "completion", "feedback":
            step.kind = type == "overview" ? .overview : (type == "instruction" ? .instruction : .completion)
        case "form", "demographics":
            guard let q = SageInputDecoder(format: format).decodeForm(node, stepID: id) else { return nil }
            step.kind = .question(q)
        case _ where Self.questionTypes.contains(type):
            guard let q = SageInputDecoder(format: format).decodeQuestion(node, type: type, stepID: id) else { return nil }
            step.kind = .question(q)
        case "active", "countdown":
            guard let a = decodeActive(node, isCountdown: type == "countdown") else { return nil }
            step.kind = .active(a)
        case _ where Self.timedTypes.contains(type):
            guard let t = decodeTimed(node, type: type) else { return nil }
            step.kind = .timed(t)
        case "section":
            step.kind = .section(SectionStep(steps: decodeStepList(node, key: "steps"),
                asyncActions: node.array("asyncActions")?.compactMap(SageTaskImporter.decodeAsyncAction) ?? []))
        case "subtask":
            guard let taskNode = node.object("task", required: true),
                let task = SageTaskImporter.decodeTask(taskNode, identifierOverride: id) else { return nil }
            step.kind = .section(SectionStep(steps: task.steps, asyncActions: task.asyncActions))
        case "transform":
            return ResourceLoader(node: node).loadTransform(stepID: id)
        case "taskInfo", "transformableAssessment":
            let ref = type == "taskInfo" ? node.object("taskTransformer") : node
            guard let ref else {
                node.warning("taskInfo step has no \"taskTransformer\"; it is shown as an instruction")
                return step
            }
            guard let name = ref.string("resourceName", required: true),
                let task = ResourceLoader(node: ref).loadTask(resourceName: name, key: "resourceName", identifier: id)
            else { return nil }
            step.title = step.title ?? task.title
            step.kind = .section(SectionStep(steps: task.steps, asyncActions: task.asyncActions))
        default:
            if node.has("resourceName") {
                // A custom step type that names its content directly (v2 files do this for recorder
                // sections): the resource is the step, as with a resourceTransformer.
                return ResourceLoader(node: node).loadTransform(stepID: id, direct: true)
            }
            if node.has("inputFields") {
                node.warning("custom step type \"\(type)\" is shown as a form", at: "type")
                guard let q = SageInputDecoder(format: format).decodeForm(node, stepID: id) else { return nil }
                step.kind = .question(q)
            } else {
                let why = type == "imagePicker" ? "needs a camera" : "is not a type StudyTerm knows"
                node.warning("step type \"\(type)\" \(why); the step is shown as text and continued", at: "type")
                step.kind = .unknown(UnknownStep(raw: raw.value))
            }
        }
        return step
    }

    /// Applies the `computer` per-device overrides (the terminal is a computer).
    private func applyDeviceOverrides(_ node: JSONNode) -> JSONNode {
        guard case .object(var members) = node.value, case .object(let overrides)? = members["computer"] else { return node }
        for (k, v) in overrides { members[k] = v }
        return JSONNode(value: .object(members), path: node.path, file: node.file, sink: node.sink)
    }
}
