import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import Contacts
@testable import ContactsEngine

/// Rows of the `link` table written directly, as a migration or an older store would hold them, are honoured
/// by the fetch path.
@Suite struct LinkTests {
    private func linkedStore() throws -> (TemporaryStore, CNMutableContact, CNMutableContact, CNMutableContact) {
        let temporary = try TemporaryStore()
        let ann = ContactFixtures.person("Ann", "Lee")
        let annWork = ContactFixtures.person("Ann", "Lee")
        let bo = ContactFixtures.person("Bo", "Ek")
        try ContactFixtures.save([ann, annWork, bo], in: temporary.store)
        let database = try temporary.personStore()
        try database.write { db in
            try db.execute(
                sql: "INSERT INTO link (contact_id, person_id) SELECT id, 1 FROM contact WHERE identifier IN (?, ?)",
                arguments: [ann.identifier, annWork.identifier]
            )
        }
        return (temporary, ann, annWork, bo)
    }

    @Test func identifierPredicateMatchesLinkedContacts() throws {
        let (temporary, ann, annWork, _) = try linkedStore()
        let found = try temporary.store.unifiedContacts(
            matching: CNContact.predicateForContacts(withIdentifiers: [ann.identifier]), keysToFetch: [])
        // The two linked cards come back as one unified contact that names both.
        #expect(found.count == 1)
        let unified = try #require(found.first)
        #expect([ann.identifier, annWork.identifier].contains(unified.identifier))
        #expect(unified.isUnifiedWithContact(withIdentifier: ann.identifier))
        #expect(unified.isUnifiedWithContact(withIdentifier: annWork.identifier))
    }

    @Test func unifiedFetchesCarryLinkedIdentifiers() throws {
        let (temporary, ann, annWork, bo) = try linkedStore()
        let fetched = try temporary.store.unifiedContact(withIdentifier: ann.identifier, keysToFetch: [])
        #expect(fetched.isUnifiedWithContact(withIdentifier: annWork.identifier))
        #expect(!fetched.isUnifiedWithContact(withIdentifier: bo.identifier))
        let request = CNContactFetchRequest(keysToFetch: [])
        request.unifyResults = false
        var linked: [[String]] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in
            linked.append(contact.storage.linkedIdentifiers)
        }
        #expect(linked.allSatisfy { $0.isEmpty })
    }
}
