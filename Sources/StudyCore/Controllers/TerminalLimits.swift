/// What a terminal cannot perform: steps of types that need a phone's camera or sensors (heart
/// rate, tapping, walking), and the recorders (motion, microphone, location) that would run
/// during a timed step. Such a step says at its start what will not be recorded, always has a
/// way forward, and is recorded as skipped with ``skipReason``.
public enum TerminalLimits {
    /// The reason recorded for a step passed over because the terminal cannot perform it.
    public static let skipReason = "not available in a terminal"

    /// True for a step the terminal cannot perform at all (a type it does not know that asks no
    /// questions).
    public static func isUnrunnable(_ step: StepDefinition) -> Bool {
        if case .unknown = step.kind { return true }
        return false
    }

    /// The timing of an unrunnable step that the task moves on by itself (a duration with
    /// `continueOnFinish` or `transitionAutomatically`): its clock starts when it appears and
    /// the step continues when the time is up. Nil otherwise.
    public static func timing(of step: StepDefinition) -> ActiveStep? {
        guard case .unknown(let u) = step.kind, let duration = u.raw["duration"]?.doubleValue, duration > 0 else { return nil }
        var commands = Set((u.raw["commands"]?.arrayValue ?? []).compactMap(\.stringValue).compactMap(ActiveCommand.parse).flatMap { $0 })
        guard commands.contains(.continueOnFinish) || commands.contains(.transitionAutomatically) else { return nil }
        commands.remove(.transitionAutomatically)   // Continue stays on the screen
        commands.formUnion([.continueOnFinish, .startTimerAutomatically])
        return ActiveStep(duration: duration, commands: commands)
    }

    /// What the step at the run's current position will not record, said at its start; nil when
    /// it records everything it asks for.
    public static func note(for run: TaskRun) -> String? {
        guard let step = run.currentStep else { return nil }
        if case .unknown(let u) = step.kind {
            let type = u.raw["type"]?.stringValue ?? step.typeName
            let onward = timing(of: step) != nil ? "It goes on by itself when the time is up; Enter goes on now." : "Press Enter to continue."
            return "This step (\(type)) needs a phone or its sensors and cannot be done in a terminal: nothing is recorded for it. "
                + onward
        }
        guard let active = step.active, !active.isCountdown else { return nil }
        let kinds = recorders(around: run).map(\.type)
        guard !kinds.isEmpty else { return nil }
        return "A terminal does not record \(Self.list(kinds)): only the time of this step is kept."
    }

    /// A warning for the first screen when most of what the task measures cannot be done in a
    /// terminal; nil otherwise.
    public static func taskWarning(_ task: TaskDefinition) -> String? {
        var activities = 0, unrunnable = 0
        count(task.steps, recording: !task.asyncActions.isEmpty, &activities, &unrunnable)
        guard unrunnable > 0, unrunnable * 2 >= activities else { return nil }
        return "Most of this task needs a phone's sensors: \(unrunnable) of its \(CountText.of(activities, "activity", "activities")) cannot be recorded in a terminal."
    }

    /// Counts the steps that ask or measure something, and those of them a terminal cannot do.
    private static func count(_ list: StepList, recording: Bool, _ activities: inout Int, _ unrunnable: inout Int) {
        for step in list.steps {
            switch step.kind {
            case .section(let s): count(s.steps, recording: recording || !s.asyncActions.isEmpty, &activities, &unrunnable)
            case .question: activities += 1
            case .active(let a) where !a.isCountdown:
                activities += 1
                if recording { unrunnable += 1 }
            case .unknown:
                activities += 1
                unrunnable += 1
            default: break
            }
        }
    }

    /// The recorders of the task and of the sections the current step is in.
    static func recorders(around run: TaskRun) -> [AsyncActionConfig] {
        var out = run.task.asyncActions
        var list = run.task.steps
        for id in run.currentSectionPath {
            guard let section = list.step(id)?.section else { break }
            out += section.asyncActions
            list = section.steps
        }
        return out
    }

    /// "motion", "motion and microphone", "motion, microphone and location".
    static func list(_ kinds: [String]) -> String {
        var seen: [String] = []
        for k in kinds where !seen.contains(k) { seen.append(k) }
        guard seen.count > 1 else { return seen.first ?? "" }
        return seen.dropLast().joined(separator: ", ") + " and " + seen.last!
    }
}
