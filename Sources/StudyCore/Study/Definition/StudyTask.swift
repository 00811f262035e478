import Foundation

/// One task of a study: what it is, where its definition lives, and when it is due.
public struct StudyTask: Sendable, Equatable {
    /// Unique within the study; runs and results carry it.
    public var identifier: String
    /// The title the dashboard shows.
    public var title: String
    /// A short description.
    public var summary: String?
    /// The task file as written in the definition (relative to it).
    public var source: String
    /// The task file resolved against the definition's folder.
    public var sourceURL: URL
    /// About how long it takes.
    public var estimatedMinutes: Double?
    /// When it is due.
    public var schedule: TaskSchedule
    /// False for tasks the participant may skip.
    public var required: Bool
    /// Hidden tasks are not listed (they are started some other way, or not yet).
    public var hidden: Bool

    /// A task entry.
    public init(identifier: String, title: String, summary: String? = nil, source: String, sourceURL: URL,
                estimatedMinutes: Double? = nil, schedule: TaskSchedule = .once(OnceSchedule()), required: Bool = true,
                hidden: Bool = false) {
        self.identifier = identifier
        self.title = title
        self.summary = summary
        self.source = source
        self.sourceURL = sourceURL
        self.estimatedMinutes = estimatedMinutes
        self.schedule = schedule
        self.required = required
        self.hidden = hidden
    }
}
