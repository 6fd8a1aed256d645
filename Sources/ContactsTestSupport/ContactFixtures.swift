import ContactsSystem
import Foundation

/// Builders for contacts used across tests and benchmarks.
public enum ContactFixtures {
    /// A person with a given and family name, and optional phone numbers and e-mail addresses.
    public static func person(
        _ givenName: String,
        _ familyName: String,
        phones: [String] = [],
        emails: [String] = []
    ) -> CNMutableContact {
        let contact = CNMutableContact()
        contact.givenName = givenName
        contact.familyName = familyName
        contact.phoneNumbers = phones.map {
            CNLabeledValue(label: CNLabelPhoneNumberMobile, value: CNPhoneNumber(stringValue: $0))
        }
        contact.emailAddresses = emails.map { CNLabeledValue(label: CNLabelHome, value: $0 as NSString) }
        return contact
    }

    /// Saves contacts in one request and returns them.
    @discardableResult
    public static func save(_ contacts: [CNMutableContact], in store: CNContactStore, container: String? = nil) throws
        -> [CNMutableContact]
    {
        let request = CNSaveRequest()
        for contact in contacts {
            request.add(contact, toContainerWithIdentifier: container)
        }
        try store.execute(request)
        return contacts
    }

    /// Saves a new group named `name` in the default container, with `members` (saved already) as its members.
    @discardableResult
    public static func group(_ name: String, members: [CNContact], in store: CNContactStore) throws -> CNMutableGroup {
        let group = CNMutableGroup()
        group.name = name
        let request = CNSaveRequest()
        request.add(group, toContainerWithIdentifier: nil)
        for contact in members {
            request.addMember(contact, to: group)
        }
        try store.execute(request)
        return group
    }

    /// The identifiers of every contact in a store, sorted.
    public static func identifiers(in store: CNContactStore) throws -> [String] {
        var result: [String] = []
        try store.enumerateContacts(with: CNContactFetchRequest(keysToFetch: [])) { contact, _ in
            result.append(contact.identifier)
        }
        return result.sorted()
    }
}
