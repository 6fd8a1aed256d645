import ContactsModel
import ContactsProtocol
import Foundation

/// One request on a daemon connection and the replies that carry its id: a single reply, a stream of batches
/// (granted with ``grant(_:)``), or an upload's acknowledgements.
///
/// Dropping a stream that has not finished cancels it: the daemon stops and its remaining replies are dropped,
/// so a loop that breaks out of an iteration leaves the connection in step.
package final class DaemonStream {
    private let link: DaemonLink
    private let id: UInt64
    private var finished = false

    init(link: DaemonLink, id: UInt64) {
        self.link = link
        self.id = id
        link.expect(id)
    }

    deinit {
        guard !finished else { return }
        link.forget(id)
        try? send(.cancel(Contacts_V1_Cancel()))
    }

    /// Sends a message with this stream's id (the request, a chunk, Continue or Cancel).
    package func send(_ body: Contacts_V1_ClientMessage.OneOf_Body) throws(CNError) {
        var message = Contacts_V1_ClientMessage()
        message.id = id
        message.body = body
        try link.send(message)
    }

    /// The next reply, waiting for it; an `Error` reply is thrown and ends the stream.
    package func next() throws(CNError) -> Contacts_V1_ServerMessage.OneOf_Body {
        do {
            return try link.next(id)
        } catch {
            finish()
            throw error
        }
    }

    /// The reply to a `GetContactRequest`, read straight into storage; an `Error` reply is thrown and ends the
    /// stream.
    package func nextContact() throws(CNError) -> ContactStorage? {
        do {
            return try link.nextContact(id)
        } catch {
            finish()
            throw error
        }
    }

    /// A batch of a `FetchContactsRequest`'s reply, as the link read it.
    package enum Batch {
        /// Contacts, read straight into storage when the batch was a column batch.
        case contacts(ColumnBatchFrame.Batch)
        /// Bare identifiers, kept as the frame's bytes until each contact is handed out.
        case identifiers(IdentifierBatchFrame.Batch)

        /// Whether this is the reply's last batch.
        package var last: Bool {
            switch self {
            case .contacts(let batch): batch.last
            case .identifiers(let batch): batch.last
            }
        }
    }

    /// The next batch of contacts, read straight into storage when it is a column batch and kept as bytes when it
    /// is bare identifiers; an `Error` reply, or a batch that is not well formed, is thrown and ends the stream.
    package func nextBatch() throws(CNError) -> Batch {
        do {
            return try link.nextBatch(id)
        } catch {
            finish()
            throw error
        }
    }

    /// Lets the daemon send more batches.
    package func grant(_ batches: UInt32) throws(CNError) {
        var more = Contacts_V1_Continue()
        more.batches = batches
        try send(.continue(more))
    }

    /// The stream ended (its last reply arrived, or its caller is done): nothing is cancelled when it is dropped.
    package func finish() {
        guard !finished else { return }
        finished = true
        link.forget(id)
    }
}
