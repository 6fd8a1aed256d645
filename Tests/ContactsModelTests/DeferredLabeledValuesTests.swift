import ContactsModel
import Dispatch
import Foundation
import Synchronization
import Testing

/// Labeled values left undecoded by a store are decoded once per property, on first read, whoever reads them.
@Suite struct DeferredLabeledValuesTests {
    /// A source that makes one phone number and one e-mail address, and counts how often each is decoded.
    private final class CountingSource: LabeledValueSource {
        let decodes = Mutex<[ContactProperty: Int]>([:])

        func decode(_ property: ContactProperty, into lists: inout LabeledValueLists) {
            decodes.withLock { $0[property, default: 0] += 1 }
            switch property {
            case .phoneNumbers:
                lists.phoneNumbers = [
                    CNLabeledValue(
                        identifier: "P1", label: CNLabelHome, value: CNPhoneNumber(stringValue: "+1 202 555 0100"))
                ]
            case .emailAddresses:
                lists.emailAddresses = [
                    CNLabeledValue(identifier: "E1", label: CNLabelWork, value: "a@example.com" as NSString)
                ]
            default:
                break
            }
        }

        func count(_ property: ContactProperty) -> Int {
            decodes.withLock { $0[property] ?? 0 }
        }
    }

    private static let keys = ContactKeySet([.givenName, .phoneNumbers, .emailAddresses, .postalAddresses])

    private static func contact(_ source: CountingSource) -> CNContact {
        var storage = ContactStorage(identifier: "A", fetchedKeys: keys)
        storage.givenName = "Ana"
        storage.deferLabeledValues(keys, to: DeferredLabeledValues(source: source))
        return CNContact(storage: storage)
    }

    @Test func nothingIsDecodedUntilAPropertyIsReadAndThenOnlyOnce() {
        let source = CountingSource()
        let contact = Self.contact(source)
        #expect(contact.givenName == "Ana")
        #expect(source.count(.phoneNumbers) == 0)
        #expect(source.count(.emailAddresses) == 0)
        let first = contact.phoneNumbers
        let second = contact.phoneNumbers
        #expect(first.map(\.identifier) == ["P1"])
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(source.count(.phoneNumbers) == 1)
        #expect(source.count(.emailAddresses) == 0)
        #expect(contact.emailAddresses.map(\.identifier) == ["E1"])
        #expect(contact.postalAddresses.isEmpty)
        #expect(source.count(.emailAddresses) == 1)
        #expect(source.count(.postalAddresses) == 1)
    }

    @Test func concurrentFirstReadsDecodeOnceAndShareTheObjects() {
        let source = CountingSource()
        let contact = Self.contact(source)
        let identities = Mutex<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let values = contact.phoneNumbers
            identities.withLock { $0.formUnion(values.map(ObjectIdentifier.init)) }
        }
        #expect(source.count(.phoneNumbers) == 1)
        #expect(identities.withLock { $0.count } == 1)
    }

    @Test func copiesShareTheUndecodedValuesAndASetValueReplacesOnlyItsProperty() throws {
        let source = CountingSource()
        let contact = Self.contact(source)
        let copy = try #require(contact.mutableCopy() as? CNMutableContact)
        copy.phoneNumbers = []
        #expect(copy.phoneNumbers.isEmpty)
        #expect(contact.phoneNumbers.count == 1)
        #expect(copy.emailAddresses == contact.emailAddresses)
        #expect(source.count(.emailAddresses) == 1)
        #expect(!copy.isEqual(contact))
        copy.phoneNumbers = contact.phoneNumbers
        #expect(copy.isEqual(contact))
    }

    @Test func equalityAndArchivingReadTheUndecodedValues() throws {
        let decoded = Self.contact(CountingSource())
        _ = decoded.phoneNumbers
        _ = decoded.emailAddresses
        _ = decoded.postalAddresses
        #expect(Self.contact(CountingSource()).isEqual(decoded))
        let data = try NSKeyedArchiver.archivedData(
            withRootObject: Self.contact(CountingSource()), requiringSecureCoding: true)
        let unarchived = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: CNContact.self, from: data))
        #expect(unarchived.isEqual(decoded))
        #expect(unarchived.phoneNumbers.map(\.identifier) == ["P1"])
    }

    @Test func linkedIdentifiersOfAContactUnifiedAloneAreItsOwn() {
        var storage = ContactStorage(identifier: "A", fetchedKeys: .identifierOnly)
        #expect(storage.linkedIdentifiers.isEmpty)
        #expect(storage.linkedIdentifierCount == 0)
        storage.setUnifiedAlone()
        #expect(storage.linkedIdentifiers == ["A"])
        #expect(storage.linkedIdentifierCount == 1)
        #expect(CNContact(storage: storage).isUnifiedWithContact(withIdentifier: "A"))
        storage.linkedIdentifiers.append("B")
        #expect(storage.linkedIdentifiers == ["A", "B"])
        #expect(storage.linkedIdentifierCount == 2)
    }

    @Test func birthdaysReadBackAsSet() {
        var storage = ContactStorage(identifier: "A", fetchedKeys: .all)
        #expect(storage.birthday == nil)
        storage.birthday = DateComponents(year: 1980, month: 2, day: 29)
        var copy = storage
        copy.birthday = nil
        #expect(storage.birthday == DateComponents(year: 1980, month: 2, day: 29))
        #expect(copy.birthday == nil)
    }
}
