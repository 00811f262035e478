import Dispatch

/// Where the event loop's asynchronous work runs: a serial queue of its own, not Swift's shared
/// cooperative pool. Work then starts at once even when every pool thread is busy or blocked
/// (a two-core station, a test run that blocks pool threads), and what it does between its
/// suspension points never competes with the loop's thread.
final class WorkExecutor: TaskExecutor, @unchecked Sendable {
    /// The one executor all loops share.
    static let shared = WorkExecutor()

    private let queue = DispatchQueue(label: "studyterm.work", qos: .userInitiated)

    /// Runs the job on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
