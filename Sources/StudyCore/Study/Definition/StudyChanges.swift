import Foundation

/// What a reloaded definition changes, in sentences for the participant. Reloading never deletes
/// stored data; removed tasks keep their results.
public struct StudyChanges: Sendable, Equatable {
    /// The version before.
    public var oldVersion: String
    /// The version now.
    public var newVersion: String
    /// One sentence per change, in a stable order.
    public var lines: [String]
    /// True when the consent text or its version changed.
    public var consentChanged: Bool

    /// The changes from `old` to `new` (same study).
    public init(from old: StudyDefinition, to new: StudyDefinition) {
        oldVersion = old.version
        newVersion = new.version
        consentChanged = old.consent != new.consent || old.notices != new.notices
        var lines: [String] = []
        if old.title != new.title { lines.append("The title is now \"\(new.title)\".") }
        if old.purpose != new.purpose { lines.append("The description of the study changed.") }
        if consentChanged {
            lines.append(old.consent.version == new.consent.version
                ? "The consent text changed."
                : "The consent text changed (version \(old.consent.version) → \(new.consent.version)).")
        }
        if old.contact != new.contact { lines.append("The contact details changed.") }
        lines += Self.taskChanges(old.tasks, new.tasks)
        let newMessages = new.messages.filter { m in !old.messages.contains { $0.identifier == m.identifier } }
        if !newMessages.isEmpty { lines.append("\(newMessages.count) new message(s) from the study team.") }
        if old.finishText != new.finishText { lines.append("The closing text changed.") }
        if lines.isEmpty { lines.append("No visible changes besides the version.") }
        self.lines = lines
    }

    /// True when the version differs (what decides a reload).
    public var isNewVersion: Bool { oldVersion != newVersion }

    /// Added, removed and changed tasks.
    static func taskChanges(_ old: [StudyTask], _ new: [StudyTask]) -> [String] {
        var lines: [String] = []
        for task in new where !old.contains(where: { $0.identifier == task.identifier }) {
            lines.append("New task: \(task.title) (\(task.schedule.summary)).")
        }
        for task in old where !new.contains(where: { $0.identifier == task.identifier }) {
            lines.append("Task removed: \(task.title); its stored results are kept.")
        }
        for before in old {
            guard let after = new.first(where: { $0.identifier == before.identifier }) else { continue }
            if before.schedule != after.schedule {
                lines.append("\(after.title): now \(after.schedule.summary) (was \(before.schedule.summary)).")
            }
            if before.title != after.title { lines.append("\(before.title) is now called \(after.title).") }
            if before.source != after.source { lines.append("\(after.title) uses a new task file.") }
            if before.hidden != after.hidden { lines.append("\(after.title) is now \(after.hidden ? "hidden" : "shown").") }
            if before.required != after.required { lines.append("\(after.title) is now \(after.required ? "required" : "optional").") }
        }
        return lines
    }
}
