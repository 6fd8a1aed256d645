import ContactsEngine
import ContactsSystem
import Foundation
import Synchronization

/// An app's picker presented on a thread of its own, so it waits for the person whatever the other tests do
/// with Swift's small cooperative pool (as ``AccessRequest`` does for `requestAccess`).
final class PickerCall<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, CNError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () async throws -> Value) {
        Thread.detachNewThread { self.run(body) }
    }

    private func run(_ body: @escaping @Sendable () async throws -> Value) {
        let result =
            ThreadTaskExecutor.runBlocking { () async -> Result<Value, CNError> in
                do {
                    return .success(try await body())
                } catch {
                    return .failure((error as? CNError) ?? CNError(.dataAccessError))
                }
            } ?? .failure(CNError(.dataAccessError))
        outcome.withLock { $0 = result }
        done.signal()
    }

    /// The picker's outcome, or the CNError it threw.
    func value() async throws -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [done] in
                done.wait()
                continuation.resume()
            }
        }
        return try outcome.withLock { $0 ?? .failure(CNError(.dataAccessError)) }.get()
    }

    /// Whether the picker has finished.
    var isFinished: Bool { outcome.withLock { $0 != nil } }
}
