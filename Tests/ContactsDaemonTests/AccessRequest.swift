import ContactsEngine
import ContactsSystem
import Foundation
import Synchronization

/// An app's `requestAccess` started on a thread of its own, so it runs (and waits for the person) whatever the
/// other tests do with Swift's small cooperative pool.
final class AccessRequest: Sendable {
    private let outcome = Mutex<Result<Bool, CNError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ app: CNContactStore) {
        Thread.detachNewThread { self.run(app) }
    }

    private func run(_ app: CNContactStore) {
        let result =
            ThreadTaskExecutor.runBlocking { () async -> Result<Bool, CNError> in
                do {
                    return .success(try await app.requestAccess(for: .contacts))
                } catch {
                    return .failure((error as? CNError) ?? CNError(.dataAccessError))
                }
            } ?? .failure(CNError(.dataAccessError))
        outcome.withLock { $0 = result }
        done.signal()
    }

    /// Whether the request has returned.
    var isFinished: Bool {
        outcome.withLock { $0 != nil }
    }

    /// The request's outcome: whether access was granted, or the CNError it threw.
    func value() async throws -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { [done] in
                done.wait()
                continuation.resume()
            }
        }
        return try outcome.withLock { $0 ?? .failure(CNError(.dataAccessError)) }.get()
    }
}
