import ContactsModel
import Foundation
import GRDB

extension StoreDatabase {
    /// Saves a request's operations in one write transaction: all of them or, on any error, none.
    ///
    /// - Parameters:
    ///   - operations: The request's operations in queue order.
    ///   - author: The transaction author recorded in the change history.
    ///   - saveIdentifier: The request's identifier, recorded with the transaction.
    ///   - refetch: Whether added and updated contacts get the stored state after the commit.
    ///   - gate: The privacy rules of the app saving; nil for the person.
    package func execute(
        _ operations: [SaveOperation],
        author: String?,
        saveIdentifier: String,
        refetch: Bool,
        gate: SaveGate? = nil
    ) throws {
        let plan = SavePlan(operations)
        for case .add(let contact, _) in plan.contacts {
            try Self.validate(contact)
        }
        for case .update(let contact) in plan.contacts {
            try Self.validate(contact)
        }
        let writer = self.writer
        try pool.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try gate?.check(plan, in: db)
                try SaveExecution.run(plan, author: author, saveIdentifier: saveIdentifier, writer: writer, in: db)
                try gate?.recordCreated(plan, in: db)
                return .commit
            }
        }
        guard refetch else { return }
        for action in plan.contacts {
            switch action {
            case .add(let contact, _), .update(let contact):
                try refresh(contact)
            case .delete:
                continue
            }
        }
    }

    private static func validate(_ contact: CNContact) throws {
        if let error = ContactValidator.validate(contact) {
            throw StoreError.validation(error)
        }
    }

    /// Replaces a saved contact's storage with what the store now holds for the keys it has.
    private func refresh(_ contact: CNMutableContact) throws {
        let unify = !contact.storage.linkedIdentifiers.isEmpty
        guard let stored = try self.contact(identifier: contact.identifier, keys: contact.storage.fetchedKeys, unify: unify)
        else { return }
        contact.storage = stored
    }
}
