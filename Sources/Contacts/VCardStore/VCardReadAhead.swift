import ContactsEngine
import ContactsVCard
import Foundation
import Synchronization

/// Reads the cards of files on a second thread, a batch ahead of the thread that writes them.
///
/// The reading thread parses the cards and prepares the rows of each contact (`ContactWriter.prepare`: sort
/// keys, name tokens, phone index keys, thumbnails), so the writing thread is left with SQLite's work; on two
/// or more cores they overlap. At most ``depth`` batches wait at any time, so memory stays bounded however
/// large the files are.
final class VCardReadAhead: Sendable {
    /// Cards per handed-over batch.
    static let batchSize = 1_000
    /// Batches read ahead at most.
    static let depth = 2

    /// What the reading thread hands over.
    enum Item {
        case cards(CardBatch)
        case failure(any Error)
        case end
    }

    /// Cards read, with the bytes read so far and the file they came from.
    struct CardBatch: @unchecked Sendable {
        // SAFETY: a batch is built by the reading thread and handed over whole through `queue`; after that
        // only the writing thread touches its cards. TODO(#6): drop once VCardCard is Sendable.
        var cards: [VCardCard] = []
        /// The prepared rows of each card, nil for group cards.
        var prepared: [PreparedContact?] = []
        var bytesRead = 0
        var fileIndex = 0
    }

    /// Cards the writing thread is done with. The reading thread frees them: freeing a batch of cards took
    /// about a tenth of the writing thread's time, which the reading thread has to spare.
    enum Spent {
        case batch(CardBatch)
        case pending([ContactImportSession.Pending])
    }

    private struct Handover: @unchecked Sendable {
        // SAFETY: see CardBatch; failures are only read by the writing thread, spent cards only touched again
        // by the reading thread, which frees them. TODO(#6).
        var items: [Item] = []
        var cancelled = false
        var spent: [Spent] = []
    }

    private let queue = Mutex(Handover())
    private let freeSlots = DispatchSemaphore(value: depth)
    private let readyItems = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading the files on a new thread.
    ///
    /// - Parameters:
    ///   - urls: The files, read in order.
    ///   - preparer: The import's writer, whose `prepare(_:)` runs on the reading thread.
    init(urls: [URL], preparer: ContactWriter) {
        let thread = Thread { [self] in
            read(urls, preparer: preparer)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func read(_ urls: [URL], preparer: ContactWriter) {
        var batch = CardBatch()
        var base = 0
        do {
            for (index, url) in urls.enumerated() {
                batch.fileIndex = index
                var fileBytes = 0
                try VCardFileSource.forEachCard(in: url, bytesRead: { fileBytes = $0 }) { card in
                    batch.cards.append(card)
                    batch.prepared.append(card.isGroup ? nil : preparer.prepare(card.contact.storage))
                    batch.bytesRead = base + fileBytes
                    if batch.cards.count >= Self.batchSize {
                        guard hand(.cards(batch)) else { throw CancellationError() }
                        batch.cards.removeAll(keepingCapacity: true)
                        batch.prepared.removeAll(keepingCapacity: true)
                    }
                }
                base += fileBytes
                batch.bytesRead = base
            }
            if !batch.cards.isEmpty, !hand(.cards(batch)) { return }
            _ = hand(.end)
        } catch is CancellationError {
            return
        } catch {
            _ = hand(.failure(error))
        }
    }

    /// Queues an item once a slot is free, and frees the cards the writer has handed back; false when the
    /// writer has stopped.
    private func hand(_ item: Item) -> Bool {
        freeSlots.wait()
        var spent: [Spent] = []
        let accepted = queue.withLock { handover in
            swap(&spent, &handover.spent)
            guard !handover.cancelled else { return false }
            handover.items.append(item)
            return true
        }
        if accepted { readyItems.signal() }
        // Freed here, on the reading thread, outside the lock.
        spent.removeAll()
        return accepted
    }

    /// Hands cards the writing thread no longer needs to the reading thread, which frees them. At most a few
    /// batches wait: the reader frees them each time it hands over a batch.
    func recycle(_ spent: Spent) {
        queue.withLock { $0.spent.append(spent) }
    }

    /// The next item, waiting for the reading thread.
    func next() -> Item {
        readyItems.wait()
        let item = queue.withLock { handover in handover.items.removeFirst() }
        freeSlots.signal()
        return item
    }

    /// Stops the reading thread and waits for it to end, so no file stays open.
    func stop() {
        queue.withLock { $0.cancelled = true }
        // Wake the reader if it waits for a slot; it then sees the flag and ends.
        for _ in 0...Self.depth { freeSlots.signal() }
        finished.wait()
    }
}
