import ContactsModel
import ContactsProtocol
import ContactsTestSupport
import Foundation
import Testing

/// Column batches (docs/Protocol.md, "Column batches"): a batch's contacts as one list per key, read back
/// through the serialized bytes into the same contacts, and every malformed form refused with an error.
@Suite struct ContactBatchColumnTests {
    /// Every key the column form carries: all but the image data and the thumbnail.
    static let columnKeys = ContactKeySet.all.subtracting(ContactKeySet([.imageData, .thumbnailImageData]))

    /// A batch as the daemon sends it to a client that reads columns, serialized and read back.
    private static func overTheWire(
        _ contacts: [ContactStorage]
    ) throws -> (Contacts_V1_ContactBatch, [ContactStorage]) {
        let sent = Contacts_V1_ContactBatch(compact: contacts, last: false, columns: true)
        let received = try WireRoundTrip.binary(sent)
        return (received, try received.storages())
    }

    /// Contacts that differ in every field, each holding `keys`; every other one has no labeled values and no
    /// birthday, so counts of 0 and absent dates sit between full ones.
    private static func contacts(_ count: Int, keys: ContactKeySet) -> [ContactStorage] {
        (0..<count).map { index in
            var storage = ContactWireTests.everyFieldStorage()
            storage.identifier = "\(index)-\(UUID().uuidString):ABPerson"
            storage.givenName = "Given\(index)"
            storage.note = index.isMultiple(of: 2) ? "" : "Note \(index)\u{0}é"
            storage.linkedIdentifiers = [storage.identifier, "L\(index):ABPerson"]
            storage.contactType = index.isMultiple(of: 3) ? .organization : .person
            if !index.isMultiple(of: 2) {
                storage.phoneNumbers = []
                storage.postalAddresses = []
                storage.dates = []
                storage.birthday = nil
            }
            storage.fetchedKeys = keys.union(.identifierOnly)
            return storage
        }
    }

    @Test(arguments: [
        columnKeys, ContactKeySet([.givenName, .familyName]), ContactKeySet([.phoneNumbers, .birthday]),
        ContactKeySet([.identifier]),
    ])
    func everyContactComesBackWholeFromItsColumns(keys: ContactKeySet) throws {
        let sent = Self.contacts(4, keys: keys)
        let (batch, received) = try Self.overTheWire(sent)
        #expect(batch.hasColumns)
        #expect(batch.contacts.isEmpty && batch.identifiers.isEmpty)
        #expect(batch.columns.identifiers == sent.map(\.identifier))
        #expect(received.count == sent.count)
        // The sample holds every field; the contacts sent hold only `keys`, so only those must come back.
        let notHeld = Set(ContactProperty.allCases.filter { !keys.union(.identifierOnly).contains($0) })
        for (copy, original) in zip(received, sent) {
            #expect(copy.fetchedKeys == original.fetchedKeys)
            #expect(copy.linkedIdentifiers == original.linkedIdentifiers)
            #expect(copy.hasSameValues(as: original))
            #expect(
                ContactComparison.differences(CNContact(storage: original), CNContact(storage: copy), ignoring: notHeld)
                    == [])
            if keys == Self.columnKeys {
                // Byte for byte, nil labels kept apart from empty ones, and the values' own identifiers.
                #expect(WireRoundTrip.exactStrings(of: copy) == WireRoundTrip.exactStrings(of: original))
                #expect(WireRoundTrip.labels(of: copy) == WireRoundTrip.labels(of: original))
                #expect(
                    WireRoundTrip.labeledValueIdentifiers(of: copy)
                        == WireRoundTrip.labeledValueIdentifiers(of: original))
            }
        }
    }

    @Test func labeledValuesAreLeftUndecodedUntilRead() throws {
        let sent = Self.contacts(2, keys: Self.columnKeys)
        let (_, received) = try Self.overTheWire(sent)
        let multiValued = ContactKeySet(ContactProperty.multiValueProperties)
        #expect(received.allSatisfy { $0.deferredKeys == multiValued && $0.deferredValues != nil })
        // Each read decodes once: two reads give the same objects, as the embedded store's contacts do.
        let first = received[0].phoneNumbers
        #expect(!first.isEmpty)
        #expect(zip(first, received[0].phoneNumbers).allSatisfy { $0 === $1 })
        #expect(received[1].phoneNumbers.isEmpty, "a contact reads its own values, not its neighbour's")
    }

    @Test func unifiedContactsOfOneCardSendNoLinkLists() throws {
        var sent = Self.contacts(3, keys: ContactKeySet([.givenName]))
        for index in sent.indices { sent[index].linkedIdentifiers = [sent[index].identifier] }
        let (batch, received) = try Self.overTheWire(sent)
        #expect(batch.columns.linkedAlone)
        #expect(batch.columns.linkedCounts.isEmpty && batch.columns.linkedIdentifiers.isEmpty)
        #expect(received.map(\.linkedIdentifiers) == sent.map(\.linkedIdentifiers))
    }

    @Test func imagesAndContactsOfDifferentKeysKeepTheMessageForm() throws {
        var mixed = Self.contacts(2, keys: ContactKeySet([.givenName]))
        mixed[1].fetchedKeys = ContactKeySet([.identifier, .familyName])
        for sent in [Self.contacts(2, keys: .all), mixed] {
            let (batch, received) = try Self.overTheWire(sent)
            #expect(!batch.hasColumns)
            #expect(batch.contacts.count == 2)
            #expect(zip(received, sent).allSatisfy { $0.hasSameValues(as: $1) && $0.fetchedKeys == $1.fetchedKeys })
        }
    }

    @Test func aClientThatDoesNotAskGetsNoColumns() throws {
        let sent = Self.contacts(2, keys: ContactKeySet([.givenName]))
        let batch = Contacts_V1_ContactBatch(compact: sent, last: true)
        #expect(!batch.hasColumns)
        #expect(batch.contacts.count == 2)
    }

    /// Each way a peer could bend the columns: the batch is refused with malformedMessage, no contact comes out
    /// and nothing traps (an index past a list, a count that overflows a buffer).
    @Test(arguments: Malformation.allCases)
    func aMalformedBatchIsRefused(_ malformation: Malformation) throws {
        var batch = Contacts_V1_ContactBatch(
            compact: Self.contacts(3, keys: Self.columnKeys), last: false, columns: true)
        malformation.apply(to: &batch)
        let error = #expect(throws: WireError.self) { try WireRoundTrip.binary(batch).storages() }
        #expect(error?.code == .malformedMessage || error?.code == .unknownKey)
        #expect(error.map { String(describing: $0).contains("Given") } == false, "no contact data in the error")
    }

    enum Malformation: CaseIterable, Sendable {
        case shortStringColumn, missingColumn, repeatedColumn, columnOfAKeyNotHeld, labeledCountTooLarge
        case labeledCountHuge, labeledValuesShort, shortDatePresence, datesWithoutPresence, contactTypeOutOfRange
        case linkCountsTooLarge, linkCountsAndAlone, columnsBesideContacts, columnsWithoutKeys, imageKeyInColumns

        func apply(to batch: inout Contacts_V1_ContactBatch) {
            switch self {
            case .shortStringColumn: batch.columns.strings[0].values.removeLast()
            case .missingColumn: batch.columns.strings.removeLast()
            case .repeatedColumn: batch.columns.strings.append(batch.columns.strings[0])
            case .columnOfAKeyNotHeld:
                let key = batch.columns.strings[0].key
                batch.keys.removeAll { $0 == key }
            case .labeledCountTooLarge: batch.columns.labeled[0].counts[0] += 1
            case .labeledCountHuge: batch.columns.labeled[0].counts[1] = .max
            case .labeledValuesShort: batch.columns.labeled[2].values.removeLast()
            case .shortDatePresence: batch.columns.dates[0].present.removeLast()
            case .datesWithoutPresence: batch.columns.dates[0].present = [false, false, false]
            case .contactTypeOutOfRange: batch.columns.contactTypes[1] = 7
            case .linkCountsTooLarge: batch.columns.linkedCounts[2] = 40
            case .linkCountsAndAlone: batch.columns.linkedAlone = true
            case .columnsBesideContacts: batch.contacts = [Contacts_V1_Contact()]
            case .columnsWithoutKeys: batch.keys = []
            case .imageKeyInColumns: batch.keys.append("imageData")
            }
        }
    }
}
