import Dispatch
import Synchronization

/// Runs asynchronous work to its end from a synchronous command.
///
/// The tool's entry point calls the synchronous `ParsableCommand.main`, and ArgumentParser runs an
/// `AsyncParsableCommand` only under an asynchronous root command. The account commands are the only ones that
/// await (the network), so they wait here rather than every command becoming asynchronous. The calling thread
/// (the main thread) only waits; the work runs on the concurrency pool and AsyncHTTPClient's own threads, so
/// nothing it needs is blocked.
package enum BlockingTask {
    /// The value `body` returns, or the error it throws.
    package static func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
        // Replaced by the task before `finished` is signalled.
        let outcome = Mutex<Result<Value, any Error>>(.failure(CancellationError()))
        let finished = DispatchSemaphore(value: 0)
        // An unstructured task is the one bridge from synchronous code; it is awaited below before returning.
        Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return try outcome.withLock { $0 }.get()
    }
}
