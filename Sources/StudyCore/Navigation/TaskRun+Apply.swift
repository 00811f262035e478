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
    /// Record the step's output (its answers, or what it measured) and go to the next step (or finish).
    case next(StepOutput?)
    /// Record the answers and go back a step.
    case back([String: JSONValue]?)
    /// Go on without an answer.
    case skip
    /// Record the answers and end the run as saved for later.
    case save([String: JSONValue]?)
    /// End the run as discarded.
    case discard
    /// End the run because the participant was inactive (`timedOut`): with `keepPartial` the
    /// answers (these included) are kept as far as they go, otherwise none is.
    case timeOut([String: JSONValue]?, keepPartial: Bool)

    /// True when the move stores a snapshot before it counts: everything but a discard and a
    /// timeout that keeps no answers (nothing is left to resume).
    public var storesSnapshot: Bool {
        switch self {
        case .discard, .timeOut(_, keepPartial: false): false
        default: true
        }
    }
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
    /// Works out `request` without making it: the pending move holds the run after the move and
    /// the snapshot a resume would start from (the run after the move or, when the move finishes
    /// it, the answered last step: the finish is recorded after this, and a finish that cannot be
    /// stored resumes from there). Nothing is stored and this run does not change; the move counts
    /// once ``commit(_:)`` makes it, after its snapshot is stored. On a finished run the move
    /// changes nothing.
    public func prepare(_ request: RunRequest, now: Date) throws(RunRefusal) -> PendingMove {
        guard !isFinished else { return PendingMove(request: request, snapshot: nil, after: self) }
        if case .back = request, !canGoBack { throw .cannotGoBack }
        var after = self
        after.carryOut(request, now: now)
        guard request.storesSnapshot else { return PendingMove(request: request, snapshot: nil, after: after) }
        if after.isFinished {
            var answered = self
            answered.setAnswers(of: request, now: now)
            return PendingMove(request: request, snapshot: answered.snapshot(), after: after)
        }
        return PendingMove(request: request, snapshot: after.snapshot(), after: after)
    }

    /// Makes a move worked out by ``prepare(_:now:)`` on this run as it is now (its snapshot
    /// stored, or none to store).
    public mutating func commit(_ move: PendingMove) {
        precondition(move.after.taskRunUUID == taskRunUUID, "a move of run \(move.after.taskRunUUID) committed to run \(taskRunUUID)")
        self = move.after
    }

    /// Carries out `request` at once, for a driver with no event loop (line mode, a script): an
    /// answer counts only when it is stored. The move is prepared, its snapshot encoded once and
    /// handed to `save`, and only then made; when `save` fails the run stays as it was and the
    /// refusal says why. A discard stores nothing; with no `save` at all (a scripted run that
    /// keeps nothing) nothing is stored and no copy of the run is kept, so a long run stays linear.
    public mutating func apply(_ request: RunRequest, now: Date, save: ((EncodedSnapshot) -> AutosaveFailure?)?) -> RunRefusal? {
        guard !isFinished else { return nil }
        if case .back = request, !canGoBack { return .cannotGoBack }
        guard let save else {
            carryOut(request, now: now)
            return nil
        }
        let move: PendingMove
        do throws(RunRefusal) { move = try prepare(request, now: now) } catch { return error }
        if let snapshot = move.snapshot, let failure = save(EncodedSnapshot(snapshot)) { return .notStored(failure) }
        commit(move)
        return nil
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
        case .timeOut(_, let keepPartial): timeOut(keepPartial: keepPartial, now: now)
        }
    }

    /// Sets the answers the request carries on the current step, when it asks a question.
    private mutating func setAnswers(of request: RunRequest, now: Date) {
        switch request {
        case .next(.answers(let answers)?), .back(let answers?), .save(let answers?), .timeOut(let answers?, keepPartial: true):
            if currentStep?.question != nil { setAnswers(answers, now: now) }
        case .next(.measurement(let measured)?):
            setMeasurement(measured, now: now)
        case .next(.skipped(let reason, let goTo)?):
            markSkipped(reason: reason, goTo: goTo, now: now)
        default:
            break
        }
    }
}
