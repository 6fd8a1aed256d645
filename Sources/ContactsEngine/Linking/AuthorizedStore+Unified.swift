import ContactsModel
import Foundation
import GRDB

/// The store's reads with linked cards merged into unified contacts (docs/Linking.md). The connection calls
/// these instead of the plain reads, so the fetch code itself knows nothing of linking.
extension AuthorizedStore {
    /// Streams contacts like ``enumerateContacts(_:body:)``; when the query unifies, each linked card is
    /// replaced by its unified contact, returned once however many of its cards match.
    package func enumerateUnifiedContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool) throws
    {
        guard query.unify else { return try enumerateContacts(query, body: body) }
        let reader = ContactReader(keys: query.keys, unify: true)
        var returned = Set<String>()
        try enumerateContacts(query) { storage in
            // The reader fills the linked identifiers of linked cards only; unlinked ones pass through.
            guard storage.linkedIdentifierCount > 1 else { return try body(storage) }
            let unified = try read { db in
                try UnifiedContacts.unified(
                    ofCard: storage.identifier, reader: reader, visibility: access.visibility, in: db)
            }
            guard let unified else { return try body(storage) }
            guard returned.insert(unified.identifier).inserted else { return true }
            return try body(unified)
        }
    }

    /// The contact with an identifier; unified, the unified contact of any of its linked cards, made of the
    /// cards a limited app may see.
    package func unifiedContact(
        identifier: String, keys: ContactKeySet, unify: Bool
    ) throws -> ContactStorage? {
        guard let storage = try contact(identifier: identifier, keys: keys, unify: unify) else { return nil }
        guard unify, storage.linkedIdentifierCount > 1 else { return storage }
        let reader = ContactReader(keys: keys, unify: true)
        return try read { db in
            try UnifiedContacts.unified(ofCard: identifier, reader: reader, visibility: access.visibility, in: db)
        } ?? storage
    }

    /// The containers a predicate selects; the container of a unified contact's identifier (the preferred
    /// card of linked cards) is none, as Apple documents: a unified contact has no single container.
    package func containersRespectingLinks(matching kind: ContactsPredicate.Kind?) throws -> [ContainerRow] {
        if case .containerOfContact(let identifier)? = kind,
            try read({ db in try UnifiedContacts.isUnifiedIdentifier(identifier, in: db) })
        {
            return []
        }
        return try containers(matching: kind)
    }
}
