import ContactsModel

extension Contacts_V1_ContactBatch {
    /// A compact batch of contacts (docs/Protocol.md, "Compact batches"): the keys once for the whole batch when
    /// every contact holds the same ones, and bare identifiers when that is all the contacts hold.
    ///
    /// An enumeration sends thousands of contacts; naming two dozen keys in each, or building a `Contact`
    /// message for each identifier, cost more than the contacts themselves (docs/Daemon.md, "Performance").
    ///
    /// ```swift
    /// let batch = Contacts_V1_ContactBatch(compact: page, last: page.count < size)
    /// ```
    ///
    /// - Parameters:
    ///   - contacts: The batch's contacts, in order.
    ///   - last: Whether this is the last batch of its reply.
    ///   - columns: Whether the client reads column batches (docs/Protocol.md, "Column batches"): contacts that
    ///     share their keys are then sent as ``Contacts_V1_ContactColumns`` unless a key has no column form.
    package init(compact contacts: consuming [ContactStorage], last: Bool, columns: Bool = false) {
        self.init()
        self.last = last
        // The checks read each contact's fields in place through the buffer: `allSatisfy` and `first` handed
        // every contact over as a copy (a retain and a release of each of its fields), a third of this
        // initializer's time in a profile of contactsd answering name searches (docs/Daemon.md, "Performance").
        let (keys, shared) = contacts.withUnsafeBufferPointer { page -> (ContactKeySet?, Bool) in
            guard !page.isEmpty else { return (nil, false) }
            let keys = page[0].fetchedKeys
            for index in page.indices where page[index].fetchedKeys != keys { return (keys, false) }
            return (keys, true)
        }
        guard let keys else { return }
        if shared, keys == .identifierOnly {
            // A unified fetch gives a contact of one card that card's identifier as its links.
            let (unlinked, alone) = contacts.withUnsafeBufferPointer { page -> (Bool, Bool) in
                var unlinked = true
                var alone = true
                for index in page.indices {
                    let count = page[index].linkedIdentifierCount
                    if count != 0 { unlinked = false }
                    if count != 1 || page[index].linkedIdentifiers[0] != page[index].identifier { alone = false }
                    if !unlinked, !alone { break }
                }
                return (unlinked, !unlinked && alone)
            }
            if unlinked || alone {
                identifiers = contacts.withUnsafeBufferPointer { page in page.indices.map { page[$0].identifier } }
                identifiersUnified = alone
                return
            }
        }
        if shared { self.keys = keys.keys }
        // Images have no column form (the columns' initializer gives nil for them); the page is handed over
        // whole, so its contacts are moved into the columns, not copied.
        if shared, columns, !keys.contains(.imageData), !keys.contains(.thumbnailImageData) {
            if let form = Contacts_V1_ContactColumns(consume contacts, keys: keys) { self.columns = form }
            return
        }
        self.contacts = contacts.map { Contacts_V1_Contact($0, listingKeys: !shared) }
    }

    /// The batch's contacts, whichever form it has (compact or not).
    ///
    /// - Throws: `WireError.malformedMessage` for a batch with both `identifiers` and `contacts`, contacts
    ///   naming their own keys beside the batch's, or columns beside either or without keys; `unknownKey`, and
    ///   the errors of `ContactStorage(wire:)` and of the columns' `storages(holding:)`.
    package func storages() throws(WireError) -> [ContactStorage] {
        if hasColumns {
            guard contacts.isEmpty, identifiers.isEmpty, !keys.isEmpty else {
                throw WireError(.malformedMessage, "ContactBatch has columns beside contacts or without keys")
            }
            return try columns.storages(holding: try ContactStorage.keySet(keys, field: "ContactBatch.keys"))
        }
        if !identifiers.isEmpty {
            guard contacts.isEmpty, keys.isEmpty else {
                throw WireError(.malformedMessage, "ContactBatch has identifiers beside contacts or keys")
            }
            return identifiers.map { identifier in
                var storage = ContactStorage(identifier: identifier, fetchedKeys: .identifierOnly)
                // Linked to itself without a list of its own (the same `linkedIdentifiers`), as the embedded
                // store's unified identifiers: a list and the fields holding it were two allocations a contact.
                if identifiersUnified { storage.setUnifiedAlone() }
                return storage
            }
        }
        guard !keys.isEmpty else {
            return try contacts.map { (message) throws(WireError) in try ContactStorage(wire: message) }
        }
        let shared = try ContactStorage.keySet(keys, field: "ContactBatch.keys")
        return try contacts.map { (message) throws(WireError) in
            guard message.keys.isEmpty else {
                throw WireError(.malformedMessage, "a Contact names keys in a batch that names them")
            }
            return try ContactStorage(wire: message, holding: shared)
        }
    }
}
