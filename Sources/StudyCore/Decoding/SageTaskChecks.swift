/// Whole-task checks after decoding: navigation targets that name no step anywhere.
struct SageTaskChecks {
    let task: TaskDefinition
    let node: JSONNode

    func run() {
        var all = Set<StepID>()
        collect(task.steps, into: &all)
        check(task.steps, known: all, path: "steps")
    }

    private func collect(_ list: StepList, into ids: inout Set<StepID>) {
        for step in list.steps {
            ids.insert(step.identifier)
            if let s = step.section { collect(s.steps, into: &ids) }
        }
    }

    private func check(_ list: StepList, known: Set<StepID>, path: String) {
        for (i, step) in list.steps.enumerated() {
            let here = "\(path)[\(i)]"
            var targets: [(NavigationTarget, String)] = []
            if let n = step.nextStepIdentifier { targets.append((n, "nextStepIdentifier")) }
            for (type, action) in step.actions { if let t = action.skipTo { targets.append((t, "actions.\(type)")) } }
            if let q = step.question {
                for f in q.fields { for r in f.surveyRules { if let t = r.skipToIdentifier { targets.append((t, "surveyRules")) } } }
                for r in q.stepRules { if let t = r.skipToIdentifier { targets.append((t, "surveyRules")) } }
            }
            if let alternative = step.timed?.untimedAlternative { targets.append((.step(alternative), "untimedAlternative")) }
            for r in step.beforeCohortRules + step.afterCohortRules {
                if let t = r.skipToIdentifier { targets.append((t, "cohortRules")) }
            }
            for (target, key) in targets {
                if case .step(let id) = target, !known.contains(id) {
                    node.warning("\"\(id)\" is not a step of this task; reaching it ends the current section or completes the task", at: here.isEmpty ? key : "\(here).\(key)")
                }
            }
            if let s = step.section { check(s.steps, known: known, path: "\(here).steps") }
        }
    }
}
