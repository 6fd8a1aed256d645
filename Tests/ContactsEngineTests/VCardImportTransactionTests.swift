import ContactsModel
import ContactsTestSupport
import Foundation
import Testing

@testable import ContactsEngine

/// What ``VCardImportTransaction/matches(uids:)`` finds: contacts of the import's container by stored UID, the
/// oldest when several share one, else by contact identifier; nothing for UIDs of other containers.
@Suite struct VCardImportTransactionTests {
    @Test func uidLookupFindsTheOldestContactOfTheContainerByUIDThenByIdentifier() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let other = try database.addContainer(name: "Other", type: .cardDAV, isReadOnly: false)
        let elsewhere = ContactFixtures.person("Eve", "Elsewhere").storage
        try database.importTransaction(author: nil, containerIdentifier: other.identifier) { transaction in
            try transaction.add(elsewhere, uid: "elsewhere", unknownProperties: [])
        }
        let first = ContactFixtures.person("Ada", "Lovelace").storage
        let second = ContactFixtures.person("Bo", "Zola").storage
        let third = ContactFixtures.person("Cy", "Young").storage
        var stored: [String: VCardImportTransaction.Match] = [:]
        try database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            let firstID = try transaction.add(first, uid: "shared", unknownProperties: [])
            let secondID = try transaction.add(second, uid: "shared", unknownProperties: [])
            let thirdID = try transaction.add(third, uid: nil, unknownProperties: [])
            #expect(firstID < secondID)
            // Listed twice, with UIDs that match nothing, another container's UID and a contact's identifier.
            let found = try transaction.matches(uids: [
                "shared", "missing", "shared", "elsewhere", third.identifier, elsewhere.identifier,
            ])
            #expect(Set(found.keys) == ["shared", third.identifier])
            #expect(found["shared"]?.contactID == firstID)
            #expect(found["shared"]?.identifier == first.identifier)
            #expect(found["shared"]?.isFromThisImport == true)
            #expect(found[third.identifier]?.contactID == thirdID)
            stored = found
        }
        // A later import finds the same contacts, now stored before it began.
        try database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            let found = try transaction.matches(uids: ["shared", third.identifier, "missing"])
            #expect(found.mapValues(\.contactID) == stored.mapValues(\.contactID))
            #expect(found.values.allSatisfy { !$0.isFromThisImport })
            #expect(try transaction.matches(uids: []).isEmpty)
        }
    }
}
