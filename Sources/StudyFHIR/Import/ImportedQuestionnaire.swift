import StudyCore

/// The result of importing a Questionnaire: the StudyCore task plus what FHIR export needs.
public struct ImportedQuestionnaire: Sendable {
    /// The task to run (format `.fhirQuestionnaire`; `sourceDocument` holds the R4 Questionnaire).
    public var task: TaskDefinition
    /// The Questionnaire as read (for conditions, export and validation).
    public var model: QuestionnaireModel
    /// enableWhen, enableWhenExpression and calculatedExpression for the task run.
    public var conditions: QuestionnaireConditions
    /// Everything worth telling the user (the import succeeded).
    public var warnings: [Diagnostic]

    /// Creates the value.
    public init(task: TaskDefinition, model: QuestionnaireModel, conditions: QuestionnaireConditions, warnings: [Diagnostic]) {
        self.task = task
        self.model = model
        self.conditions = conditions
        self.warnings = warnings
    }
}
