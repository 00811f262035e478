import Foundation

extension StudyDefinitionDecoder {
    /// Keys a task entry may have.
    static let taskKeys: Set<String> = ["identifier", "title", "summary", "source", "estimatedMinutes", "schedule",
                                        "required", "hidden"]

    /// The task list: at least one task, unique identifiers.
    func decodeTasks() -> [StudyTask]? {
        guard let nodes = root.array("tasks", required: true) else { return nil }
        if nodes.isEmpty {
            root.error("a study needs at least one task", at: "tasks")
            return nil
        }
        var seen: [String: String] = [:]
        let tasks = nodes.compactMap { node -> StudyTask? in
            guard let task = decodeTask(node) else { return nil }
            if let other = seen[task.identifier] {
                node.error("duplicate task identifier \"\(task.identifier)\" (also at \(other))", at: "identifier")
            }
            seen[task.identifier] = node.path
            return task
        }
        return tasks.count == nodes.count ? tasks : nil
    }

    /// One task entry.
    private func decodeTask(_ node: JSONNode) -> StudyTask? {
        guard node.requireObject("a task") != nil else { return nil }
        warnUnknownKeys(node, allowed: Self.taskKeys)
        let id = nonEmpty(node, "identifier")
        let source = nonEmpty(node, "source")
        let minutes = node.number("estimatedMinutes")
        if let minutes, minutes < 0 { node.error("estimatedMinutes must not be negative", at: "estimatedMinutes") }
        let schedule: TaskSchedule? = node.object("schedule").map(decodeSchedule) ?? .once(OnceSchedule())
        guard let id, let source, let schedule else { return nil }
        let url = root.file.url.deletingLastPathComponent().appendingPathComponent(source).standardizedFileURL
        return StudyTask(identifier: id, title: node.string("title") ?? id, summary: node.string("summary"),
                         source: source, sourceURL: url, estimatedMinutes: minutes, schedule: schedule,
                         required: node.bool("required") ?? true, hidden: node.bool("hidden") ?? false)
    }

    /// `{"type": "once"|"daily"|"weekly", "time": "HH:mm", "hours": N, "day"|"fromDay"|"toDay": N}`.
    private func decodeSchedule(_ node: JSONNode) -> TaskSchedule? {
        guard let type = node.string("type", required: true) else { return nil }
        let hours = node.number("hours")
        switch type {
        case "once":
            let time = decodeTime(node, required: false)
            warnUnknownKeys(node, allowed: ["type", "day", "time", "hours"])
            let day = node.int("day") ?? 1
            if day < 1 { node.error("day must be 1 (the enrollment day) or later", at: "day") }
            if let hours, hours <= 0 { node.error("hours must be greater than zero", at: "hours") }
            return .once(OnceSchedule(day: max(day, 1), time: time ?? .midnight, hours: hours))
        case "daily", "weekly":
            warnUnknownKeys(node, allowed: ["type", "time", "hours", "fromDay", "toDay"])
            guard let time = decodeTime(node, required: true) else { return nil }
            let limit: Double = type == "daily" ? 24 : 168
            let span = hours ?? Double(24 * 60 - time.minutesSinceMidnight) / 60
            if span <= 0 || span > limit {
                node.error("hours must be more than 0 and at most \(Int(limit)) for a \(type) schedule", at: "hours")
            }
            let from = node.int("fromDay") ?? 1, to = node.int("toDay")
            if from < 1 { node.error("fromDay must be 1 (the enrollment day) or later", at: "fromDay") }
            if let to, to < from { node.error("toDay \(to) is before fromDay \(from)", at: "toDay") }
            let repeating = RepeatingSchedule(time: time, hours: span, fromDay: max(from, 1), toDay: to)
            return type == "daily" ? .daily(repeating) : .weekly(repeating)
        default:
            node.error("unknown schedule type \"\(type)\"; use once, daily or weekly", at: "type")
            return nil
        }
    }

    /// A `HH:mm` time member.
    private func decodeTime(_ node: JSONNode, required: Bool) -> TimeOfDay? {
        guard let text = node.string("time", required: required) else { return nil }
        guard let time = TimeOfDay(parsing: text) else {
            node.error("\"\(text)\" is not a time of day; write HH:mm, e.g. 08:30", at: "time")
            return nil
        }
        return time
    }
}
