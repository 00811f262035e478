import Dispatch
import Foundation

/// Runs asynchronous work to its end from synchronous code, for line mode's prompt loop, which
/// waits for each answer anyway. The work runs on the event loop's own executor, so the wait never
/// starves it, even when the caller is itself a thread of Swift's cooperative pool (as in tests).
public func waitForWork<T: Sendable, E: Error>(_ operation: @escaping @Sendable () async throws(E) -> T) throws(E) -> T {
    let box = ResultBox<T, E>()
    let done = DispatchSemaphore(value: 0)
    let body: @Sendable () async -> Void = {
        do throws(E) { box.result = .success(try await operation()) } catch { box.result = .failure(error) }
        done.signal()
    }
    if #available(macOS 15.0, *) {
        Task.detached(executorPreference: WorkExecutor.shared, operation: body)
    } else {
        Task.detached(operation: body)
    }
    done.wait()
    return try box.result!.get()
}

/// The outcome, written by the task before it signals and read by the waiter after.
private final class ResultBox<T: Sendable, E: Error>: @unchecked Sendable {
    var result: Result<T, E>?
}
