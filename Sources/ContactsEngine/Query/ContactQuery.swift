import ContactsModel
import Foundation

/// What a contact fetch asks for, in the engine's terms: the predicate, keys, order and unification.
package struct ContactQuery: Sendable {
    package var predicate: ContactsPredicate.Kind?
    package var keys: ContactKeySet
    /// `.none`, `.givenName` or `.familyName`; the store resolves `.userDefault` before the query.
    package var sortOrder: CNContactSortOrder
    package var unify: Bool
    /// Whether the caller keeps every contact (an array result, as `unifiedContacts(matching:keysToFetch:)`
    /// returns): then nothing is gained by a small first batch, which serves a caller that stops after the first
    /// screenful, and the store reads large batches from the start.
    package var keepsEveryContact: Bool

    package init(
        predicate: ContactsPredicate.Kind?, keys: ContactKeySet, sortOrder: CNContactSortOrder = .none,
        unify: Bool = true,
        keepsEveryContact: Bool = false
    ) {
        self.predicate = predicate
        self.keys = keys
        self.sortOrder = sortOrder
        self.unify = unify
        self.keepsEveryContact = keepsEveryContact
    }
}
