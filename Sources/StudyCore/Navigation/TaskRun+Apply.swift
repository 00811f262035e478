import Foundation

/// Why a restoration snapshot could not be stored, in a few words that lead the message line
/// ("the disk is full"): the step then stays, since an answer counts only when it is stored.
public struct AutosaveFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cause, first words first.
    public var cause: String
    public init(_ cause: String) { self.cause = cause }
    public var description: String { cause }
}

/// What a driver of a run (the full screen, line mode, a script) asks of it. Answers are those
/// the step's controller accepted (validated and normalised); nil keeps the step's answers as
/// they are.
public enum RunRequest: Sendable, Equatable {
    /// Record the answers and go to the next step (or finish).
    case next([String: JSONValue]?)
    /// Record the answers and go back a step.
    case back([String: JSONValue]?)
    /// Go on without an answer.
    case skip
    /// Record the answers and end the run as saved for later.
    case save([String: JSONValue]?)
    /// End the run as discarded.
    case discard
}

/// Why a request was not carried out; the run is as it was.
public enum RunRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no earlier step to go back to.
    case cannotGoBack
    /// The snapshot to resume from could not be stored, so the answer does not count yet.
    case notStored(AutosaveFailure)

    public var description: String {
        switch self {
        case .cannotGoBack: "You cannot go back from here."
        case .notStored(let failure): "Not saved: \(failure.cause)."
        }
    }
}

extension TaskRun {
    /// Carries out `request` the one way every driver does: an answer counts only when it is
    /// stored. The answers are set, the move made, and the snapshot a resume would start from is
    /// handed to `save` (the run after the move or, when the move finished it, the answered last
    /// step: the finish is recorded after this, and a finish that cannot be stored resumes from
    /// there). When `save` fails the run is put back as it was and the refusal says why. A discard
    /// stores nothing; with no `save` at all (a scripted run that keeps nothing) nothing is stored
    /// and no copy of the run is kept, so a long run stays linear.
    public mutating func apply(_ request: RunRequest, now: Date, save: ((JSONValue) -> AutosaveFailure?)?) -> RunRefusal? {
        guard !isFinished else { return nil }
        if case .back = request, !canGoBack { return .cannotGoBack }
        guard let save, request != .discard else {
            carryOut(request, now: now)
            return nil
        }
        let before = self
        carryOut(request, now: now)
        let resumeFrom: JSONValue
        if isFinished {
            var answered = before
            answered.setAnswers(of: request, now: now)
            resumeFrom = answered.snapshot().json
        } else {
            resumeFrom = snapshot().json
        }
        guard let failure = save(resumeFrom) else { return nil }
        self = before
        return .notStored(failure)
    }

    /// Sets the request's answers, then moves.
    private mutating func carryOut(_ request: RunRequest, now: Date) {
        setAnswers(of: request, now: now)
        switch request {
        case .next: goForward(now: now)
        case .back: goBack(now: now)
        case .skip: skip(now: now)
        case .save: cancel(save: true, now: now)
        case .discard: cancel(save: false, now: now)
        }
    }

    /// Sets the answers the request carries on the current step, when it asks a question.
    private mutating func setAnswers(of request: RunRequest, now: Date) {
        switch request {
        case .next(let answers?), .back(let answers?), .save(let answers?):
            if currentStep?.question != nil { setAnswers(answers, now: now) }
        default:
            break
        }
    }
}
