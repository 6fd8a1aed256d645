import ContactsModel
import ContactsProtocol

/// Frames as contactsd sends them, built through the generated messages (not the hand readers under test).
package enum WireFixtures {
    /// The body (without its length prefix) of a frame carrying a batch of bare identifiers, fetched unified or
    /// not, as contactsd sends them to a client that reads compact batches.
    package static func bareIdentifierBatch(
        _ identifiers: [String], unified: Bool, id: UInt64, last: Bool = true
    ) throws -> [UInt8] {
        let page = identifiers.map { identifier in
            var storage = ContactStorage(identifier: identifier, fetchedKeys: .identifierOnly)
            if unified { storage.linkedIdentifiers = [identifier] }
            return storage
        }
        var message = Contacts_V1_ServerMessage()
        message.id = id
        message.contactBatch = Contacts_V1_ContactBatch(compact: page, last: last, columns: true)
        return Array(try Frame.encode(message).dropFirst(Frame.headerLength))
    }
}
