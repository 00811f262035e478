/// A catalogue of tasks (`taskGroups`), each task in another file.
public struct TaskGroup: Sendable, Equatable {
    public var identifier: String
    public var title: String?
    public var tasks: [TaskInfo]

    public init(identifier: String, title: String? = nil, tasks: [TaskInfo]) {
        self.identifier = identifier
        self.title = title
        self.tasks = tasks
    }
}

/// One entry of a task group: a title and the task it points at.
public struct TaskInfo: Sendable, Equatable {
    public var identifier: String
    public var title: String?
    public var detail: String?
    public var estimatedMinutes: Double?
    /// The referenced task, when it was found and read.
    public var task: TaskDefinition?

    public init(identifier: String, title: String? = nil, detail: String? = nil, estimatedMinutes: Double? = nil,
                task: TaskDefinition? = nil) {
        self.identifier = identifier
        self.title = title
        self.detail = detail
        self.estimatedMinutes = estimatedMinutes
        self.task = task
    }
}
