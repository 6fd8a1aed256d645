import ContactsFormatting
import ContactsModel
import ContactsPrivacy
import Foundation

/// The engine's ``ContactDirectory``: lists, matches and snapshots over every contact of a store.
///
/// It reads the store as the person does (no visibility filter): only the trusted agent sees candidates and
/// matches, and apps receive snapshots or identifiers through ``ContactAccessFlows``.
package struct StoreContactDirectory: ContactDirectory {
    /// The person's access: the directory is what the trusted agent shows the person.
    private let store: AuthorizedStore

    init(store: AuthorizedStore) {
        self.store = store
    }

    /// The keys a display name needs.
    private static let nameKeys = KeyDescriptorExpansion.properties(of: [
        CNContactFormatter.descriptorForRequiredKeys(for: .fullName)
    ])

    package func candidates() throws(CNError) -> [ContactCandidate] {
        try candidates(matching: nil)
    }

    package func matches(for query: AccessButtonQuery, excluding visible: Visibility) throws(CNError)
        -> [ContactCandidate]
    {
        let text = query.queryString.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, visible != .all else { return [] }
        var found: [String: ContactStorage] = [:]
        var kinds: [ContactsPredicate.Kind] = [.contactsMatchingEmailAddress(text), .contactsMatchingPhoneNumber(text)]
        if !TextFolding.words(text).isEmpty { kinds.append(.contactsMatchingName(text)) }
        let keys = Self.nameKeys.union(ContactKeySet([.emailAddresses, .phoneNumbers]))
        for kind in kinds {
            try StoreError.mapped {
                try store.enumerateContacts(ContactQuery(predicate: kind, keys: keys, unify: false)) { storage in
                    found[storage.identifier] = storage
                    return true
                }
            }
        }
        let ignoredEmails = Set(query.ignoredEmails.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        let matcher = store.phoneMatcher
        return found.values.filter { storage in
            guard !visible.contains(storage.identifier) else { return false }
            if storage.emailAddresses.contains(where: { ignoredEmails.contains(($0.value as String).lowercased()) }) {
                return false
            }
            return !storage.phoneNumbers.contains { number in
                query.ignoredPhoneNumbers.contains { matcher.matches(number.value.stringValue, $0) }
            }
        }
        .map(Self.candidate(from:))
        .sorted { ($0.displayName, $0.identifier) < ($1.displayName, $1.identifier) }
    }

    package func snapshots(of identifiers: [String], keys: Set<String>) throws(CNError) -> [CNContact] {
        let properties = ContactKeySet(keys.compactMap(ContactProperty.init(key:)))
        let query = ContactQuery(predicate: .contactsWithIdentifiers(identifiers), keys: properties, unify: false)
        let stored = try StoreError.mapped { try store.contacts(query) }
        let byIdentifier = Dictionary(stored.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        return identifiers.compactMap { byIdentifier[$0].map(CNContact.init(storage:)) }
    }

    /// Every contact (or those a predicate selects) with its display name, in the store's name order.
    private func candidates(matching kind: ContactsPredicate.Kind?) throws(CNError) -> [ContactCandidate] {
        var result: [ContactCandidate] = []
        let query = ContactQuery(predicate: kind, keys: Self.nameKeys, sortOrder: .givenName, unify: false)
        try StoreError.mapped {
            try store.enumerateContacts(query) { storage in
                result.append(Self.candidate(from: storage))
                return true
            }
        }
        return result
    }

    private static func candidate(from storage: ContactStorage) -> ContactCandidate {
        let contact = CNContact(storage: storage)
        let name = CNContactFormatter.string(from: contact, style: .fullName) ?? ""
        return ContactCandidate(identifier: storage.identifier, displayName: name)
    }
}
