import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import Testing

@Suite struct ContactWireTests {
    /// The full sample with the fields it leaves at their defaults set too, and linked identifiers.
    static func everyFieldStorage() -> ContactStorage {
        var storage = ModelSamples.fullContact().storage
        storage.thumbnailImageData = Data([0x89, 0x50, 0x4E, 0x47])
        storage.imageDataAvailable = true
        storage.linkedIdentifiers = [storage.identifier, "B1E2:ABPerson"]
        return storage
    }

    @Test func everyFieldOfAFullContactSurvivesTheWire() throws {
        let storage = Self.everyFieldStorage()
        let copy = try WireRoundTrip.storage(storage)
        #expect(copy.identifier == storage.identifier)
        #expect(copy.fetchedKeys == .all)
        #expect(ContactComparison.differences(CNContact(storage: storage), CNContact(storage: copy)) == [])
        #expect(copy.hasSameValues(as: storage))
        #expect(copy.linkedIdentifiers == storage.linkedIdentifiers)
        #expect(WireRoundTrip.labeledValueIdentifiers(of: copy) == WireRoundTrip.labeledValueIdentifiers(of: storage))
        #expect(WireRoundTrip.labels(of: copy) == WireRoundTrip.labels(of: storage))
        #expect(WireRoundTrip.exactStrings(of: copy) == WireRoundTrip.exactStrings(of: storage))
    }

    @Test func theSampleHoldsEveryKindOfLabeledValueAndANilLabel() {
        // Guards the test above: it proves identifiers and nil labels survive only if the sample has them.
        let storage = Self.everyFieldStorage()
        for property in ContactProperty.multiValueProperties {
            #expect((storage.value(of: property) as? [NSObject])?.isEmpty == false, "\(property.key)")
        }
        #expect(WireRoundTrip.labels(of: storage).contains(nil))
    }

    @Test(arguments: ContactProperty.allCases)
    func aContactWithOneKeyKeepsThatKeyAndItsValue(_ property: ContactProperty) throws {
        var storage = Self.everyFieldStorage()
        storage.fetchedKeys = ContactKeySet(property).union(.identifierOnly)
        let copy = try WireRoundTrip.storage(storage)
        #expect(copy.fetchedKeys == storage.fetchedKeys)
        let others = Set(ContactProperty.allCases).subtracting([property])
        #expect(
            ContactComparison.differences(CNContact(storage: storage), CNContact(storage: copy), ignoring: others) == []
        )
        #expect(copy.hasSameValues(as: storage))
        if let values = storage.value(of: property) as? [NSObject] {
            // CNLabeledValue's isEqual compares identifiers, so equal arrays kept them.
            #expect((copy.value(of: property) as? [NSObject]) == values)
        }
    }

    @Test(arguments: ContactProperty.allCases)
    func fieldsOfKeysTheContactDoesNotHoldStayOffTheWire(_ property: ContactProperty) throws {
        var storage = Self.everyFieldStorage()
        storage.fetchedKeys = ContactKeySet(property).union(.identifierOnly)
        var message = Contacts_V1_Contact(storage)
        #expect(message.keys == storage.fetchedKeys.keys)
        // Reading every field shows what was sent: the one key's value, and defaults everywhere else.
        message.keys = ContactKeySet.all.keys
        let sent = try ContactStorage(wire: message)
        var expected = ContactStorage(identifier: storage.identifier, fetchedKeys: .all)
        expected.linkedIdentifiers = storage.linkedIdentifiers
        let others = Set(ContactProperty.allCases).subtracting([property])
        #expect(
            ContactComparison.differences(CNContact(storage: expected), CNContact(storage: sent), ignoring: [property])
                == []
        )
        #expect(
            ContactComparison.differences(CNContact(storage: storage), CNContact(storage: sent), ignoring: others) == []
        )
    }

    @Test func fieldsOfKeysTheMessageDoesNotNameAreNotRead() throws {
        var message = Contacts_V1_Contact(Self.everyFieldStorage())
        message.keys = [CNContactGivenNameKey]
        let storage = try ContactStorage(wire: message)
        #expect(storage.fetchedKeys == ContactKeySet([.identifier, .givenName]))
        #expect(storage.givenName == "John")
        #expect(storage.familyName == "")
        #expect(storage.phoneNumbers.isEmpty)
        #expect(storage.imageData == nil)
    }

    @Test func theIdentifierIsHeldWhenTheMessageNamesNoKey() throws {
        var message = Contacts_V1_Contact()
        message.identifier = "A:ABPerson"
        let storage = try ContactStorage(wire: message)
        #expect(storage.identifier == "A:ABPerson")
        #expect(storage.fetchedKeys == .identifierOnly)
    }

    @Test(arguments: [nil, Data(), Data([0])])
    func imageDataKeepsNilApartFromEmpty(_ data: Data?) throws {
        var storage = ContactStorage(
            identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.imageData, .thumbnailImageData]))
        storage.imageData = data
        storage.thumbnailImageData = data
        let copy = try WireRoundTrip.storage(storage)
        #expect(copy.imageData == data)
        #expect(copy.thumbnailImageData == data)
    }

    @Test(arguments: [nil, "", CNLabelHome, "Custom"])
    func labelsKeepNilApartFromEmpty(_ label: String?) throws {
        var storage = ContactStorage(identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.emailAddresses]))
        storage.emailAddresses = [CNLabeledValue(identifier: "E1", label: label, value: "a@example.com" as NSString)]
        let copy = try WireRoundTrip.storage(storage)
        #expect(copy.emailAddresses.first?.label == label)
        #expect(copy.emailAddresses.first?.identifier == "E1")
    }

    @Test(arguments: [CNContactType.person, .organization])
    func contactTypesCrossAsTheirRawValues(_ type: CNContactType) throws {
        var storage = ContactStorage(identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.contactType]))
        storage.contactType = type
        let message = Contacts_V1_Contact(storage)
        #expect(message.contactType == Int32(type.rawValue))
        #expect(try ContactStorage(wire: message).contactType == type)
    }

    @Test func aContactTypeOutOfRangeIsMalformed() throws {
        var message = Contacts_V1_Contact()
        message.keys = [CNContactTypeKey]
        message.contactType = 2
        let error = #expect(throws: WireError.self) { try ContactStorage(wire: message) }
        #expect(error?.code == .malformedMessage)
    }

    @Test(arguments: ["birthday ", "", "CNContactGivenNameKey", "Given Name", "john@example.com"])
    func anUnknownKeyNameIsRejectedWithoutQuotingIt(_ key: String) throws {
        var message = Contacts_V1_Contact()
        message.keys = [CNContactGivenNameKey, key]
        let error = #expect(throws: WireError.self) { try ContactStorage(wire: message) }
        #expect(error?.code == .unknownKey)
        #expect(error?.message.contains("keys[1]") == true)
        if !key.isEmpty {
            #expect(error.map { String(describing: $0).contains(key) } == false)
        }
    }

    @Test func nfdAndNfcSpellingsStayAsTheyWere() throws {
        var storage = ContactStorage(identifier: "A:ABPerson", fetchedKeys: ContactKeySet([.givenName, .familyName]))
        storage.givenName = "Ame\u{301}lie"
        storage.familyName = "Am\u{E9}lie"
        let copy = try WireRoundTrip.storage(storage)
        #expect(Array(copy.givenName.unicodeScalars) == Array(storage.givenName.unicodeScalars))
        #expect(Array(copy.familyName.unicodeScalars) == Array(storage.familyName.unicodeScalars))
    }
}
