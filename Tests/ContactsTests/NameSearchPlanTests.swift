import Contacts
import ContactsTestSupport
import Foundation
import Testing

/// Name searches whose words match many contacts take another plan in the engine (a scan checking each
/// contact instead of reading the word's index range); both must give the same contacts in the same order.
@Suite struct NameSearchPlanTests {
    /// 600 contacts: 500 "John <n>" (a common word, past the engine's threshold of about
    /// sqrt(384 · contacts) = 480 range entries) and 100 "Ann <n>", every fifth with family name "Smith".
    private static func contacts() -> [CNMutableContact] {
        (0..<600).map { index in
            let family = index % 5 == 0 ? "Smith" : "Family\(index)"
            return ContactFixtures.person(index < 500 ? "John" : "Ann", family)
        }
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            ("jo", 500), ("john smi", 100), ("smith", 120), ("ann smith", 20), ("jo an", 0), ("j", 500),
        ])
    func commonWordsFindEveryMatchInEveryOrder(mode: StoreMode, example: (String, Int)) throws {
        let (query, expected) = example
        let temporary = try TemporaryStore(mode: mode)
        let saved = Self.contacts()
        try ContactFixtures.save(saved, in: temporary.store)
        let words = query.split(separator: " ").map(String.init)
        let wanted = Set(
            saved.filter { contact in
                words.allSatisfy { word in
                    [contact.givenName, contact.familyName].contains { $0.lowercased().hasPrefix(word) }
                }
            }.map(\.identifier)
        )
        #expect(wanted.count == expected)
        for order in [CNContactSortOrder.none, .givenName, .familyName] {
            let request = CNContactFetchRequest(
                keysToFetch: [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor })
            request.predicate = CNContact.predicateForContacts(matchingName: query)
            request.sortOrder = order
            var found: [String] = []
            try temporary.store.enumerateContacts(with: request) { contact, _ in found.append(contact.identifier) }
            #expect(found.count == expected)
            #expect(Set(found) == wanted)
        }
    }
}
