import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct SortingTests {
    private static func people() -> [CNMutableContact] {
        var contacts = [
            ("émile", "Zola"), ("Adam", "Smith"), ("adam", "Jones"), ("Zoë", "Adams"), ("", ""), ("Björn", "Öberg"),
            ("Ann", "Smith"), ("Anna", "Åberg"), ("Ann", "Smith"),
        ].map { ContactFixtures.person($0.0, $0.1) }
        let company = CNMutableContact()
        company.contactType = .organization
        company.organizationName = "Bakery"
        let nicknamed = CNMutableContact()
        nicknamed.nickname = "Chip"
        let japanese = ContactFixtures.person("太郎", "山田")
        japanese.phoneticGivenName = "たろう"
        japanese.phoneticFamilyName = "やまだ"
        contacts += [company, nicknamed, japanese]
        return contacts
    }

    private func sorted(_ order: CNContactSortOrder, locale: String, mode: StoreMode) throws -> (
        store: [String], comparator: [String], names: [String]
    ) {
        let temporary = try TemporaryStore(mode: mode, localeIdentifier: locale)
        let contacts = Self.people()
        try ContactFixtures.save(contacts, in: temporary.store)
        let request = CNContactFetchRequest(keysToFetch: [CNContact.descriptorForAllComparatorKeys()])
        request.sortOrder = order
        var fetched: [CNContact] = []
        try temporary.store.enumerateContacts(with: request) { contact, _ in fetched.append(contact) }
        let comparator = CNContact.comparator(forNameSortOrder: order)
        let bySort = fetched.sorted { comparator($0, $1) == .orderedAscending }
        return (
            fetched.map(\.identifier), bySort.map(\.identifier),
            fetched.map { $0.givenName + " " + $0.familyName + $0.nickname + $0.organizationName }
        )
    }

    @Test(arguments: StoreMode.allCases, [CNContactSortOrder.givenName, .familyName])
    func storeOrderAgreesWithTheComparator(mode: StoreMode, order: CNContactSortOrder) throws {
        let result = try sorted(order, locale: "en_US", mode: mode)
        #expect(result.store == result.comparator)
    }

    @Test(arguments: StoreMode.allCases)
    func givenNameOrderIgnoresCaseAndAccentsAndUsesFallbacks(mode: StoreMode) throws {
        let names = try sorted(.givenName, locale: "en_US", mode: mode).names
        #expect(
            names == [
                "adam Jones", "Adam Smith", "Ann Smith", "Ann Smith", "Anna Åberg", " Bakery", "Björn Öberg", " Chip",
                "émile Zola", "Zoë Adams", "太郎 山田", " ",
            ])
    }

    @Test(arguments: StoreMode.allCases)
    func familyNameOrderPutsFamilyFirst(mode: StoreMode) throws {
        let names = try sorted(.familyName, locale: "en_US", mode: mode).names
        #expect(names.prefix(4) == ["Anna Åberg", "Zoë Adams", " Bakery", " Chip"])
        #expect(names.last == " ")
    }

    @Test(arguments: StoreMode.allCases)
    func swedishSortsÅÄÖAfterZ(mode: StoreMode) throws {
        let names = try sorted(.familyName, locale: "sv_SE", mode: mode).names
        #expect(names.suffix(5) == ["émile Zola", "Anna Åberg", "Björn Öberg", "太郎 山田", " "])
    }

    @Test(arguments: StoreMode.allCases)
    func userDefaultOrderFollowsThePersonsSetting(mode: StoreMode) throws {
        let setting = CNContactsUserDefaults.shared().sortOrder
        let userDefault = try sorted(.userDefault, locale: "en_US", mode: mode)
        let explicit = try sorted(setting, locale: "en_US", mode: mode)
        #expect(userDefault.names == explicit.names)
        #expect(userDefault.store == userDefault.comparator)
    }

    @Test func descriptorForAllComparatorKeysNamesTheNameKeys() {
        let descriptor = CNContact.descriptorForAllComparatorKeys()
        let keys = (descriptor as? AggregateKeyDescriptor)?.keys ?? []
        #expect(
            keys.isSuperset(of: [
                CNContactGivenNameKey, CNContactFamilyNameKey, CNContactOrganizationNameKey, CNContactNicknameKey,
            ]))
    }
}
