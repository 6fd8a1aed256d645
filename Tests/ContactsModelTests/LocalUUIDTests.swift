import Foundation
import Testing

@testable import ContactsModel

/// New identifiers count up within a process (so the store's indexes grow at one end) and stay unguessable.
@Suite struct LocalUUIDTests {
    @Test func identifiersAreUUIDsOfVersion8AndTheRFCVariant() throws {
        for _ in 0..<1_000 {
            let text = LocalUUID.string()
            let uuid = try #require(UUID(uuidString: text))
            #expect(uuid.uuidString == text, "upper-case, as UUID().uuidString")
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 8)
            #expect(bytes[8] >> 6 == 0b10)
        }
    }

    @Test func identifiersMadeLaterSortLaterAndNoneRepeats() {
        let identifiers = (0..<20_000).map { _ in LocalUUID.string() }
        #expect(identifiers == identifiers.sorted())
        #expect(Set(identifiers).count == identifiers.count)
    }

    @Test func theSecondHalfIsRandomSoNeighboursCannotBeGuessed() {
        let identifiers = (0..<1_000).map { _ in LocalUUID.string() }
        let tails = Set(identifiers.map { $0.suffix(12) })
        #expect(tails.count == identifiers.count)
        // Consecutive identifiers share no predictable second half: their last 16 hex digits differ.
        for (first, second) in zip(identifiers, identifiers.dropFirst()) {
            #expect(first.suffix(17) != second.suffix(17))
        }
    }

    @Test func contactsGroupsAndValuesTakeThem() {
        let contact = CNMutableContact()
        let group = CNMutableGroup()
        let value = CNLabeledValue(label: CNLabelHome, value: "a@example.com" as NSString)
        for identifier in [
            String(contact.identifier.prefix(36)), String(group.identifier.prefix(36)), value.identifier,
        ] {
            let uuid = UUID(uuidString: identifier)
            #expect(uuid.map { withUnsafeBytes(of: $0.uuid) { $0[6] >> 4 } } == 8, "\(identifier)")
        }
        #expect(contact.identifier.hasSuffix(":ABPerson"))
        #expect(group.identifier.hasSuffix(":ABGroup"))
    }
}
