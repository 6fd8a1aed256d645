import Dispatch
import Foundation
import Synchronization

/// A task executor that runs jobs on one dedicated thread, outside Swift's cooperative pool.
///
/// Synchronous data calls must wait while the person answers a consent prompt (Apple's calls block). The
/// prompt runs as a task whose executor preference is this thread, so the waiting caller may block its own
/// thread, even a cooperative-pool thread, without starving the prompt: the coordinator (a default actor) and
/// the consent agent run here. The thread ends after ``stop()`` once its queue is empty.
package final class ThreadTaskExecutor: TaskExecutor {
    private struct State {
        var jobs: [UnownedJob] = []
        var isStopping = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in run() }
        thread.name = "contacts.consent"
        thread.start()
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        state.withLock { $0.jobs.append(unowned) }
        available.signal()
    }

    /// Lets the thread end once it has run every queued job.
    func stop() {
        state.withLock { $0.isStopping = true }
        available.signal()
    }

    private func run() {
        while true {
            available.wait()
            let (job, finished) = state.withLock { state -> (UnownedJob?, Bool) in
                let job = state.jobs.isEmpty ? nil : state.jobs.removeFirst()
                return (job, job == nil && state.isStopping)
            }
            if finished { return }
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Runs an async operation on a fresh dedicated thread and blocks the calling thread until it finishes.
    ///
    /// - Returns: The operation's result; nil only if the task ended without one.
    package static func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value? {
        let executor = ThreadTaskExecutor()
        let result = Mutex<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let value = await operation()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        executor.stop()
        return result.withLock { $0 }
    }

    /// Runs an async operation with this kind of thread as its executor preference, from async code.
    static func run<Value: Sendable>(_ operation: @Sendable () async -> Value) async -> Value {
        let executor = ThreadTaskExecutor()
        defer { executor.stop() }
        return await withTaskExecutorPreference(executor) { await operation() }
    }
}
