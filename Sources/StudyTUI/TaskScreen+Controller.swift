import StudyCore

extension TaskScreen {
    /// Runs `body` on the question step's controller in place; nil when the step is not a question.
    ///
    /// The screen lets go of its own reference first, so the controller's arrays stay uniquely
    /// owned and an edit (a typed character) changes them without copying.
    mutating func withQuestion<R>(_ body: (inout QuestionStepController) -> R) -> R? {
        guard case .question(var q)? = controller else { return nil }
        controller = nil
        defer { controller = .question(q) }
        return body(&q)
    }

    /// Runs `body` on the active step's controller in place; nil when the step is not active.
    mutating func withActive<R>(_ body: (inout ActiveStepController) -> R) -> R? {
        guard case .active(var a)? = controller else { return nil }
        controller = nil
        defer { controller = .active(a) }
        return body(&a)
    }
}
