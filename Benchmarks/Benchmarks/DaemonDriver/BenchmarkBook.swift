import ContactsSampleData
import ContactsSystem
import Foundation

/// The realistic address book of one size (fixed seed, as SearchDriver), imported as the person into the store
/// file the daemon serves for this user, with the benchmark app granted full access; and what the operations
/// ask for (identifiers, phone numbers, name prefixes).
struct BenchmarkBook {
    let size: Int
    let identifiers: [String]
    let phones: [String]

    // Computed: key descriptors are not Sendable, so they cannot be shared statics.
    static var nameKeys: [any CNKeyDescriptor] {
        [CNContactGivenNameKey, CNContactFamilyNameKey].map { $0 as CNKeyDescriptor }
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
    static let queries = RealisticAddressBook.namePrefixQueries

    /// Fills a new store file; the person's store is closed again before the daemon opens the file.
    static func fill(_ url: URL, size: Int, app: String) throws -> BenchmarkBook {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        let person = CNContactStore(url: url)
        var book = RealisticAddressBook()
        _ = try person.importVCards(data: Data(book.vCards(size).utf8))
        try person.accessControls().setAccess(.full, for: app)
        var identifiers: [String] = []
        var phones: [String] = []
        let request = CNContactFetchRequest(keysToFetch: [CNContactPhoneNumbersKey as CNKeyDescriptor])
        try person.enumerateContacts(with: request) { contact, _ in
            identifiers.append(contact.identifier)
            if let phone = contact.phoneNumbers.first?.value.stringValue { phones.append(phone) }
        }
        return BenchmarkBook(size: size, identifiers: identifiers, phones: phones)
    }

    /// A contact spread over the book: successive indexes land far apart, so no call is served from a page the
    /// last one just read.
    func identifier(_ index: Int) -> String { identifiers[(index &* 7919) % identifiers.count] }
    func phone(_ index: Int) -> String { phones[(index &* 7919) % phones.count] }
    func query(_ index: Int) -> String { Self.queries[index % Self.queries.count] }
}
