import Foundation
import Synchronization

/// Runs work with a total deadline: the caller gets the work's answer, or ``Passed`` once the
/// time is up, whichever comes first; the work is then cancelled. The caller never waits on work
/// that ignores cancellation (a server trickling a body byte by byte).
enum Deadline {
    /// The time ran out.
    struct Passed: Error {}

    /// `work`'s answer, or ``Passed`` after `seconds`; cancelling the caller cancels the work.
    static func run<T: Sendable>(seconds: Double, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let gate = Gate<T>()
        let worker = Task {
            do { gate.finish(with: .success(try await work())) } catch { gate.finish(with: .failure(error)) }
        }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
            gate.finish(with: .failure(Passed()))
        }
        return try await withTaskCancellationHandler {
            defer {
                worker.cancel()
                timer.cancel()
            }
            return try await gate.value()
        } onCancel: {
            gate.finish(with: .failure(CancellationError()))
        }
    }

    /// The first outcome, handed to the one waiting caller.
    final class Gate<T: Sendable>: Sendable {
        /// The outcome once known, and the caller's continuation once it waits.
        private let state = Mutex<(outcome: Swift.Result<T, any Error>?, waiter: CheckedContinuation<T, any Error>?)>((nil, nil))

        /// Records the first outcome (later ones are ignored) and wakes the caller.
        func finish(with outcome: Swift.Result<T, any Error>) {
            let waiter = state.withLock { state -> CheckedContinuation<T, any Error>? in
                guard state.outcome == nil else { return nil }
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(with: outcome)
        }

        /// Waits for the first outcome.
        func value() async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Swift.Result<T, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }
    }
}
