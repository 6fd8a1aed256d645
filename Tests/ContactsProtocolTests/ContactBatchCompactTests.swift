import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import Testing

/// Compact batches (docs/Protocol.md, "Compact batches"): the keys once per batch, bare identifiers when that is
/// all the contacts hold, and every contact back as it was sent, through the serialized bytes.
@Suite struct ContactBatchCompactTests {
    /// A batch as the daemon sends it, serialized and read back as the client reads it.
    private static func overTheWire(
        _ contacts: [ContactStorage]
    ) throws -> (Contacts_V1_ContactBatch, [ContactStorage]) {
        let sent = Contacts_V1_ContactBatch(compact: contacts, last: true)
        let received = try Contacts_V1_ContactBatch(serializedBytes: try sent.serializedBytes() as [UInt8])
        return (received, try received.storages())
    }

    /// Contacts that differ in every field, each holding `keys`.
    private static func contacts(_ count: Int, keys: ContactKeySet) -> [ContactStorage] {
        (0..<count).map { index in
            var storage = ContactWireTests.everyFieldStorage()
            storage.identifier = "\(index)-\(UUID().uuidString):ABPerson"
            storage.givenName = "Given\(index)"
            storage.linkedIdentifiers = []
            storage.fetchedKeys = keys.union(.identifierOnly)
            return storage
        }
    }

    @Test func identifierOnlyContactsTravelAsBareIdentifiers() throws {
        let sent = Self.contacts(5, keys: .identifierOnly)
        let (batch, received) = try Self.overTheWire(sent)
        #expect(batch.contacts.isEmpty)
        #expect(batch.identifiers == sent.map(\.identifier))
        #expect(received.map(\.identifier) == sent.map(\.identifier))
        #expect(received.allSatisfy { $0.fetchedKeys == .identifierOnly && $0.linkedIdentifiers.isEmpty })
        #expect(batch.last)
    }

    @Test(arguments: [
        ContactKeySet([.givenName, .familyName]), ContactKeySet([.phoneNumbers, .birthday, .note]), .all,
    ])
    func sharedKeysAreNamedOnceAndEveryContactComesBackWhole(keys: ContactKeySet) throws {
        let sent = Self.contacts(3, keys: keys)
        let (batch, received) = try Self.overTheWire(sent)
        #expect(ContactKeySet(batch.keys.compactMap(ContactProperty.init(key:))) == keys.union(.identifierOnly))
        #expect(batch.contacts.allSatisfy { $0.keys.isEmpty })
        #expect(batch.identifiers.isEmpty)
        #expect(received.count == sent.count)
        for (copy, original) in zip(received, sent) {
            #expect(copy.fetchedKeys == original.fetchedKeys)
            #expect(copy.hasSameValues(as: original))
            #expect(Contacts_V1_Contact(copy) == Contacts_V1_Contact(original))
        }
    }

    @Test func unifiedContactsOfOneCardTravelAsBareIdentifiersToo() throws {
        var sent = Self.contacts(3, keys: .identifierOnly)
        for index in sent.indices { sent[index].linkedIdentifiers = [sent[index].identifier] }
        let (batch, received) = try Self.overTheWire(sent)
        #expect(batch.contacts.isEmpty)
        #expect(batch.identifiersUnified)
        #expect(received.map(\.linkedIdentifiers) == sent.map(\.linkedIdentifiers))
        #expect(received.map(\.fetchedKeys) == sent.map(\.fetchedKeys))
    }

    @Test func contactsWithDifferentKeysOrLinkedCardsNameTheirOwn() throws {
        var mixed = Self.contacts(2, keys: .identifierOnly)
        mixed[1].fetchedKeys = ContactKeySet([.identifier, .givenName])
        var linked = Self.contacts(2, keys: .identifierOnly)
        linked[0].linkedIdentifiers = [linked[0].identifier, "B1E2:ABPerson"]
        for sent in [mixed, linked] {
            let (batch, received) = try Self.overTheWire(sent)
            #expect(batch.identifiers.isEmpty)
            #expect(batch.contacts.count == 2)
            #expect(received.map(\.fetchedKeys) == sent.map(\.fetchedKeys))
            #expect(received.map(\.linkedIdentifiers) == sent.map(\.linkedIdentifiers))
            #expect(zip(received, sent).allSatisfy { $0.hasSameValues(as: $1) })
        }
        #expect(try Self.overTheWire(mixed).0.keys.isEmpty, "no shared keys: each contact names its own")
        #expect(try Self.overTheWire(linked).0.keys == ["identifier"])
    }

    @Test func anEmptyLastBatchStaysEmpty() throws {
        let (batch, received) = try Self.overTheWire([])
        #expect(batch.last)
        #expect(received.isEmpty)
    }

    @Test func aBatchMixingItsFormsIsMalformed() throws {
        var both = Contacts_V1_ContactBatch(compact: Self.contacts(1, keys: .identifierOnly), last: false)
        both.contacts = [Contacts_V1_Contact(Self.contacts(1, keys: .identifierOnly)[0])]
        let named = Self.contacts(2, keys: ContactKeySet([.givenName]))
        var keysTwice = Contacts_V1_ContactBatch(compact: named, last: false)
        keysTwice.contacts[1].keys = ["givenName"]
        for batch in [both, keysTwice] {
            let error = #expect(throws: WireError.self) { try batch.storages() }
            #expect(error?.code == .malformedMessage)
        }
    }

    @Test func anUnknownSharedKeyIsRefusedWithoutQuotingIt() throws {
        let named = Self.contacts(1, keys: ContactKeySet([.givenName]))
        var batch = Contacts_V1_ContactBatch(compact: named, last: true)
        batch.keys.append("Ann Lee")
        let error = #expect(throws: WireError.self) { try batch.storages() }
        #expect(error?.code == .unknownKey)
        #expect(error.map { String(describing: $0).contains("Ann") } == false)
    }
}
