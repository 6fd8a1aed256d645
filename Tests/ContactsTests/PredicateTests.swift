import Contacts
import ContactsTestSupport
import Foundation
import Testing

@Suite struct PredicateTests {
    private let keys: [any CNKeyDescriptor] = [CNContactGivenNameKey as CNKeyDescriptor]

    private func store(_ mode: StoreMode, with contacts: [CNMutableContact]) throws -> TemporaryStore {
        let temporary = try TemporaryStore(mode: mode)
        try ContactFixtures.save(contacts, in: temporary.store)
        return temporary
    }

    private func names(_ predicate: NSPredicate, in temporary: TemporaryStore) throws -> [String] {
        try temporary.store.unifiedContacts(matching: predicate, keysToFetch: keys).map(\.givenName).sorted()
    }

    private static let people: [(String, String)] = [
        ("John", "Appleseed"), ("Jöhn", "Smith"), ("Anne-Marie", "O'Brien"), ("太郎", "山田"), ("Ελένη", "Παπαδοπούλου"),
        ("Zoë", "Ångström"), ("지훈", "김"), ("ハナコ", "スズキ"),
    ]

    @Test(
        arguments: StoreMode.allCases,
        [
            ("jo app", ["John"]), ("APPLESEED", ["John"]), ("john", ["John", "Jöhn"]), ("app jo", ["John"]),
            ("ohn", []), ("marie", ["Anne-Marie"]), ("obrien", ["Anne-Marie"]), ("anne-m", ["Anne-Marie"]),
            ("山", ["太郎"]), ("田 太", ["太郎"]), ("ελενη", ["Ελένη"]), ("angst", ["Zoë"]), ("zoe", ["Zoë"]),
            ("john smith appleseed", []), ("김", ["지훈"]), ("훈", ["지훈"]), ("すずき", ["ハナコ"]), ("ハナ", ["ハナコ"]),
        ])
    func nameMatchesWordPrefixesIgnoringCaseAccentsAndOrder(mode: StoreMode, example: (String, [String])) throws {
        let (query, expected) = example
        let temporary = try store(mode, with: Self.people.map { ContactFixtures.person($0.0, $0.1) })
        #expect(try names(CNContact.predicateForContacts(matchingName: query), in: temporary) == expected.sorted())
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            CNContactNicknameKey, CNContactOrganizationNameKey, CNContactPhoneticFamilyNameKey,
            CNContactPhoneticGivenNameKey,
            CNContactPreviousFamilyNameKey, CNContactNamePrefixKey, CNContactNameSuffixKey, CNContactMiddleNameKey,
            CNContactPhoneticMiddleNameKey, CNContactPhoneticOrganizationNameKey,
        ])
    func nameSearchCoversEveryNameField(mode: StoreMode, key: String) throws {
        let contact = ContactFixtures.person("Ann", "Lee")
        let property = try #require(ContactProperty(key: key))
        let isString = contact.storage.setString("Quixotic", of: property)
        #expect(isString)
        let temporary = try store(mode, with: [contact, ContactFixtures.person("Bo", "Ek")])
        #expect(try names(CNContact.predicateForContacts(matchingName: "quix"), in: temporary) == ["Ann"])
    }

    @Test(arguments: StoreMode.allCases)
    func nameSearchIgnoresEmailAndPhone(mode: StoreMode) throws {
        let temporary = try store(
            mode, with: [ContactFixtures.person("Ann", "Lee", phones: ["555 0100"], emails: ["zebra@example.com"])])
        #expect(try names(CNContact.predicateForContacts(matchingName: "zebra"), in: temporary).isEmpty)
    }

    @Test(arguments: StoreMode.allCases)
    func updatedNameIsFoundByItsNewWordsOnly(mode: StoreMode) throws {
        let contact = ContactFixtures.person("Ann", "Lee")
        let temporary = try store(mode, with: [contact])
        let mutable = try #require(
            try temporary.store.unifiedContact(
                withIdentifier: contact.identifier, keysToFetch: [CNContactFamilyNameKey as CNKeyDescriptor]
            ).mutableCopy() as? CNMutableContact)
        mutable.familyName = "Park"
        let request = CNSaveRequest()
        request.update(mutable)
        try temporary.store.execute(request)
        #expect(try names(CNContact.predicateForContacts(matchingName: "park ann"), in: temporary) == ["Ann"])
        #expect(try names(CNContact.predicateForContacts(matchingName: "lee"), in: temporary).isEmpty)
    }

    @Test(arguments: StoreMode.allCases, ["", "   ", "\t\n", " - "])
    func blankNameThrowsPredicateInvalid(mode: StoreMode, name: String) throws {
        let temporary = try TemporaryStore(mode: mode)
        #expect(throws: CNError.self) {
            _ = try temporary.store.unifiedContacts(
                matching: CNContact.predicateForContacts(matchingName: name), keysToFetch: [])
        }
    }

    enum ForeignPredicate: CaseIterable {
        case block, constant, compound, group, container

        var predicate: NSPredicate {
            switch self {
            case .block: NSPredicate { _, _ in true }
            case .constant: NSPredicate(value: true)
            case .compound:
                NSCompoundPredicate(andPredicateWithSubpredicates: [CNContact.predicateForContacts(matchingName: "jo")])
            case .group: CNGroup.predicateForGroups(withIdentifiers: [])
            case .container: CNContainer.predicateForContainers(withIdentifiers: [])
            }
        }
    }

    @Test(arguments: StoreMode.allCases, ForeignPredicate.allCases)
    func foreignCompoundOrWrongKindPredicateThrowsPredicateInvalid(mode: StoreMode, kind: ForeignPredicate) throws {
        let predicate = kind.predicate
        let temporary = try TemporaryStore(mode: mode)
        #expect {
            _ = try temporary.store.unifiedContacts(matching: predicate, keysToFetch: [])
        } throws: { error in
            (error as? CNError)?.code == .predicateInvalid
        }
    }

    @Test(arguments: StoreMode.allCases)
    func contactPredicateForGroupsThrowsPredicateInvalid(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        #expect {
            _ = try temporary.store.groups(matching: CNContact.predicateForContacts(matchingName: "a"))
        } throws: { error in
            (error as? CNError)?.code == .predicateInvalid
        }
        #expect {
            _ = try temporary.store.containers(matching: CNGroup.predicateForGroups(withIdentifiers: []))
        } throws: { error in
            (error as? CNError)?.code == .predicateInvalid
        }
    }

    @Test(arguments: StoreMode.allCases)
    func identifiersPredicateIgnoresUnknownIdentifiers(mode: StoreMode) throws {
        let ann = ContactFixtures.person("Ann", "Lee")
        let temporary = try store(mode, with: [ann, ContactFixtures.person("Bo", "Ek")])
        let predicate = CNContact.predicateForContacts(withIdentifiers: [ann.identifier, "unknown:ABPerson"])
        #expect(try names(predicate, in: temporary) == ["Ann"])
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            ("ANN@Example.COM", ["Ann"]), ("ann@example.co", []), ("nn@example.com", []),
            ("mailto:ann@example.com", []),
        ])
    func emailMatchesWholeAddressIgnoringCase(mode: StoreMode, example: (String, [String])) throws {
        let (query, expected) = example
        let temporary = try store(
            mode,
            with: [
                ContactFixtures.person("Ann", "Lee", emails: ["ann@example.com"]),
                ContactFixtures.person("Bo", "Ek", emails: ["bo@example.com"]),
            ])
        #expect(try names(CNContact.predicateForContacts(matchingEmailAddress: query), in: temporary) == expected)
    }

    @Test(
        arguments: StoreMode.allCases,
        [
            ("+33 6 12 34 56 78", ["Ann"]), ("06.12.34.56.78", ["Ann"]), ("612345678", ["Ann"]),
            ("(408) 555-0100", ["Bo"]),
            ("555-0100", ["Bo"]), ("+1 408 555 0100", ["Bo"]), ("0100", []), ("12", []), ("+44 20 7946 0958", []),
        ])
    func phoneMatchesAcrossFormatsAndCountryCodes(mode: StoreMode, example: (String, [String])) throws {
        let (query, expected) = example
        let temporary = try store(
            mode,
            with: [
                ContactFixtures.person("Ann", "Lee", phones: ["06 12 34 56 78"]),
                ContactFixtures.person("Bo", "Ek", phones: ["+1 408-555-0100"]),
            ])
        let predicate = CNContact.predicateForContacts(matching: CNPhoneNumber(stringValue: query))
        #expect(try names(predicate, in: temporary) == expected)
    }

    @Test(arguments: StoreMode.allCases)
    func containerPredicateSelectsTheContainersContacts(mode: StoreMode) throws {
        let temporary = try TemporaryStore(mode: mode)
        let work = try temporary.person.addContainer(name: "Work", type: .cardDAV)
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        try ContactFixtures.save([ContactFixtures.person("Bo", "Ek")], in: temporary.store, container: work.identifier)
        #expect(
            try names(CNContact.predicateForContactsInContainer(withIdentifier: work.identifier), in: temporary) == [
                "Bo"
            ])
        let local = temporary.store.defaultContainerIdentifier()
        #expect(try names(CNContact.predicateForContactsInContainer(withIdentifier: local), in: temporary) == ["Ann"])
    }

    @Test(arguments: StoreMode.allCases)
    func groupPredicateSelectsMembers(mode: StoreMode) throws {
        let ann = ContactFixtures.person("Ann", "Lee")
        let temporary = try store(mode, with: [ann, ContactFixtures.person("Bo", "Ek")])
        let group = CNMutableGroup()
        group.name = "Friends"
        let request = CNSaveRequest()
        request.add(group, toContainerWithIdentifier: nil)
        request.addMember(ann, to: group)
        try temporary.store.execute(request)
        #expect(
            try names(CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), in: temporary) == ["Ann"]
        )
    }
}
