import Foundation

/// One vCard export running for an app: the export writes on a thread of its own, and each chunk waits for the
/// client's credit (`Continue`), so a client that stops reading holds one thread and one chunk, never a file.
final class ExportJob: @unchecked Sendable {
    // SAFETY: `credit` and `cancelled` are read and written only while `condition` is locked.

    /// Thrown into the export when the client cancelled or went away.
    struct Cancelled: Error {}

    private let condition = NSCondition()
    private var credit: Int
    private var cancelled = false

    init(credit: Int) {
        self.credit = credit
    }

    func grant(_ batches: Int) {
        condition.lock()
        credit += max(0, batches)
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits for a credit and spends it.
    ///
    /// - Throws: ``Cancelled`` when the client cancelled (or closed the connection) meanwhile.
    func spendCredit() throws(Cancelled) {
        condition.lock()
        defer { condition.unlock() }
        while credit == 0, !cancelled { condition.wait() }
        if cancelled { throw Cancelled() }
        credit -= 1
    }
}
