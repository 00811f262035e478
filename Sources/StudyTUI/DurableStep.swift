import StudyCore

/// The rule every driver of a run follows: an answer counts only when it is stored. A change to
/// the run (answers set, then a move) is kept only when the snapshot to resume from was stored;
/// when it was not, the run is put back as it was, so the step stays and the participant can try
/// again once the cause (a full disk, a folder that cannot be written) is gone.
enum DurableStep {
    /// Applies `answer` then `move` to `run` and stores the snapshot a resume would start from: the
    /// run after the move or, when the move finished it, the answered last step (the finish is
    /// recorded after this, and a finish that cannot be stored resumes from here). Returns why the
    /// snapshot could not be stored, with `run` unchanged; nil when it was.
    static func apply(_ run: inout TaskRun, save: (JSONValue) -> AutosaveFailure?,
                      answer: (inout TaskRun) -> Void, move: (inout TaskRun) -> Void) -> AutosaveFailure? {
        let before = run
        answer(&run)
        let answered = run
        move(&run)
        guard let error = save(run.isFinished ? answered.snapshot().json : run.snapshot().json) else { return nil }
        run = before
        return error
    }

    /// The line a screen shows when an answer was not stored: the cause first, since a narrow
    /// screen cuts the end.
    static func notice(_ failure: AutosaveFailure) -> String {
        "Not saved: \(failure.cause). Fix it, then try again."
    }
}
