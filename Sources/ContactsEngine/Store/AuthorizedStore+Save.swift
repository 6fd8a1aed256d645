import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// Saves a request's operations in one write transaction: all of them or, on any error, none.
    ///
    /// - Parameters:
    ///   - operations: The request's operations in queue order.
    ///   - author: The transaction author recorded in the change history.
    ///   - saveIdentifier: The request's identifier, recorded with the transaction.
    ///   - refetch: Whether added and updated contacts get the stored state after the commit.
    ///
    /// An app's save is checked against its ``GateAccess/saveGate`` inside the transaction.
    package func execute(
        _ operations: [SaveOperation],
        author: String?,
        saveIdentifier: String,
        refetch: Bool
    ) throws {
        let gate = access.saveGate
        let plan = SavePlan(operations)
        let writer = self.writer
        try writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                // The order of the codes (docs/Store.md, "Order of save errors"): 200 for records that do not
                // exist, then the app's rules (200 for hidden contacts, 102 for the note), then validation (300s),
                // then the rest (201, 204-207, 202, 203, 500) as the save runs.
                try SaveExecution.requireStoredContacts(plan, in: db)
                try gate?.check(plan, in: db)
                for action in plan.contacts {
                    switch action {
                    case .add(let contact, _), .update(let contact): try Self.validate(contact)
                    case .delete: continue
                    }
                }
                try SaveExecution.run(plan, author: author, saveIdentifier: saveIdentifier, writer: writer, in: db)
                try gate?.recordCreated(plan, in: db)
                return .commit
            }
        }
        guard refetch else { return }
        var saved: [CNMutableContact] = []
        for action in plan.contacts {
            switch action {
            case .add(let contact, _), .update(let contact): saved.append(contact)
            case .delete: continue
            }
        }
        try refresh(saved.filter(Self.updateDerivedFields))
    }

    /// Brings a saved contact's derived fields up to date without reading it back, and says whether it must
    /// still be read back (``needsReadBack(_:)``).
    ///
    /// Every stored column and value round-trips exactly (validation rejects what would not), so after the
    /// commit a saved contact already shows the stored state for the keys it holds, except the fields the
    /// store derives from the image. Only contacts holding a new image and its thumbnail key need a read.
    /// The daemon's client calls this too, after a save it did not ask the daemon to read back.
    package static func updateDerivedFields(_ contact: CNMutableContact) -> Bool {
        let keys = contact.storage.fetchedKeys
        guard keys.contains(.imageData) else { return false }
        let hasImage = contact.storage.imageData != nil
        if keys.contains(.imageDataAvailable) {
            contact.storage.imageDataAvailable = hasImage
        }
        guard keys.contains(.thumbnailImageData) else { return false }
        if !hasImage {
            contact.storage.thumbnailImageData = nil
        }
        return hasImage
    }

    /// Whether a contact about to be saved will have to be read back after the commit to show the stored state:
    /// what ``updateDerivedFields(_:)`` will answer for it, without changing it (the save may still fail).
    package static func needsReadBack(_ contact: CNContact) -> Bool {
        let keys = contact.storage.fetchedKeys
        return keys.contains(.imageData) && keys.contains(.thumbnailImageData) && contact.storage.imageData != nil
    }

    private static func validate(_ contact: CNContact) throws {
        if let error = ContactValidator.validate(contact) {
            throw StoreError.validation(error)
        }
    }

    /// Replaces saved contacts' storage with what the store now holds for the keys each has, reading them
    /// in batches that share their key set; their linked identifiers stay as they were.
    private func refresh(_ contacts: [CNMutableContact]) throws {
        let groups = Dictionary(grouping: contacts) { $0.storage.fetchedKeys }
        for (keys, members) in groups {
            let reader = ContactReader(keys: keys, unify: false)
            for start in stride(from: 0, to: members.count, by: Self.batchSize) {
                let chunk = Array(members[start..<min(start + Self.batchSize, members.count)])
                let stored = try read { db in
                    try reader.read(identifiers: chunk.map(\.identifier), in: db)
                }
                for contact in chunk {
                    guard var storage = stored[contact.identifier] else { continue }
                    storage.linkedIdentifiers = contact.storage.linkedIdentifiers
                    contact.storage = storage
                }
            }
        }
    }
}
