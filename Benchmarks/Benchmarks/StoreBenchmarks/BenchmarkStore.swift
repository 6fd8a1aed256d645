import ContactsSampleData
import ContactsSystem
import Foundation

/// A store of generated contacts, built once per size and kept in the temporary directory between runs.
struct BenchmarkStore: Sendable {
    let store: CNContactStore
    let identifiers: [String]
    let phoneNumbers: [String]

    static func make(size: Int) throws -> BenchmarkStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-benchmark-v2-\(size)")
        let url = directory.appendingPathComponent("Contacts.sqlite")
        let exists = FileManager.default.fileExists(atPath: url.path)
        let store = CNContactStore(url: url)
        if !exists {
            var generator = GeneratedContacts(seed: UInt64(size))
            for start in stride(from: 0, to: size, by: 10_000) {
                let request = CNSaveRequest()
                request.shouldRefetchContacts = false
                for contact in generator.contacts(min(10_000, size - start), start: start) {
                    request.add(contact, toContainerWithIdentifier: nil)
                }
                try store.execute(request)
            }
        }
        var identifiers: [String] = []
        var phoneNumbers: [String] = []
        let request = CNContactFetchRequest(keysToFetch: [CNContactPhoneNumbersKey as CNKeyDescriptor])
        try store.enumerateContacts(with: request) { contact, _ in
            identifiers.append(contact.identifier)
            if let number = contact.phoneNumbers.first?.value.stringValue { phoneNumbers.append(number) }
        }
        return BenchmarkStore(store: store, identifiers: identifiers, phoneNumbers: phoneNumbers)
    }

    /// A fresh, empty store for save benchmarks.
    static func empty() -> (CNContactStore, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "contacts-benchmark-\(UUID().uuidString)")
        return (CNContactStore(url: directory.appendingPathComponent("Contacts.sqlite")), directory)
    }

    static var allKeysButImage: [any CNKeyDescriptor] {
        [
            CNContactTypeKey, CNContactNamePrefixKey, CNContactGivenNameKey, CNContactMiddleNameKey,
            CNContactFamilyNameKey,
            CNContactPreviousFamilyNameKey, CNContactNameSuffixKey, CNContactNicknameKey, CNContactPhoneticGivenNameKey,
            CNContactPhoneticMiddleNameKey, CNContactPhoneticFamilyNameKey, CNContactPhoneticOrganizationNameKey,
            CNContactOrganizationNameKey, CNContactDepartmentNameKey, CNContactJobTitleKey, CNContactBirthdayKey,
            CNContactNonGregorianBirthdayKey, CNContactNoteKey, CNContactImageDataAvailableKey,
            CNContactPhoneNumbersKey,
            CNContactEmailAddressesKey, CNContactPostalAddressesKey, CNContactDatesKey, CNContactUrlAddressesKey,
            CNContactRelationsKey, CNContactSocialProfilesKey, CNContactInstantMessageAddressesKey,
        ].map { $0 as CNKeyDescriptor }
    }
}
