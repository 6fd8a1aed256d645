import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// An import holds its new contacts' rows and writes them many a statement (``ContactRowBatch``); a sync step
/// writes the same contacts one row a statement. Both must leave the same rows, id for id.
@Suite struct ImportRowBatchTests {
    /// 700 contacts: more than one write of held contacts (``ContactRowBatch/contactsPerWrite``), full statements
    /// of every table, and remainders of several powers of two.
    /// Names in several scripts, zero to three phones, e-mails, an address, a UID on most, unknown properties
    /// on some, a photo on a few (the photo's row makes the batch write early).
    static func contacts() -> [(storage: ContactStorage, uid: String?, unknown: [StoredUnknownProperty])] {
        let givens = ["Ada", "Zoë", "Łukasz", "太郎", "Søren", "Jean-Pierre", "O'Brien", "Анна", ""]
        let families = ["Lovelace", "Nguyễn", "山田", "Öberg", "Smith", "Müller", "", "Κωνσταντίνου"]
        return (0..<700).map { index in
            let contact = ContactFixtures.person(
                givens[index % givens.count], families[index % families.count],
                phones: (0..<(index % 4)).map { "+1 415 555 \(String(format: "%04d", (index * 7 + $0) % 10_000))" },
                emails: index % 3 == 0 ? [] : ["Person\(index)@Example.com"]
            )
            if index % 5 == 0 {
                contact.postalAddresses = [
                    CNLabeledValue(
                        label: CNLabelHome,
                        value: {
                            let address = CNMutablePostalAddress()
                            address.street = "\(index) Main St"
                            address.city = "Springfield"
                            return address.copy() as! CNPostalAddress
                        }())
                ]
            }
            if index % 7 == 0 { contact.organizationName = "Acme \(index % 3)" }
            if index % 50 == 3 { contact.imageData = Data([0xFF, 0xD8, 0xFF, UInt8(index % 256)]) }
            let unknown =
                index % 4 == 1
                ? [
                    StoredUnknownProperty(group: "item1", name: "X-ABADR", parameters: "", value: "us"),
                    StoredUnknownProperty(group: nil, name: "X-CUSTOM", parameters: "TYPE=a", value: "\(index)"),
                ] : []
            return (contact.storage, index % 9 == 8 ? nil : "uid-\(index)", unknown)
        }
    }

    /// Every row an added contact leaves, ids included, in a fixed order.
    static func dump(_ database: AuthorizedStore) throws -> [String: [String]] {
        let queries = [
            "contact": "SELECT * FROM contact ORDER BY id",
            "contact_value": "SELECT * FROM contact_value ORDER BY contact_id, kind, position",
            "contact_image": "SELECT * FROM contact_image ORDER BY contact_id",
            "phone_index": "SELECT * FROM phone_index ORDER BY key, contact_id, position",
            "phone_index_staged": "SELECT * FROM phone_index_staged ORDER BY key, contact_id, position",
            "name_index": "SELECT * FROM name_index ORDER BY token, contact_id",
            "name_index_staged": "SELECT * FROM name_index_staged ORDER BY token, contact_id",
            "contact_uid": "SELECT * FROM contact_uid ORDER BY contact_id",
            "unknown_property": "SELECT * FROM unknown_property ORDER BY id",
            "change_log":
                "SELECT sequence, operation, identifier, related_identifier, view FROM change_log ORDER BY sequence",
        ]
        return try database.read { db in
            try queries.mapValues { sql in try Row.fetchAll(db, sql: sql).map(\.description) }
        }
    }

    /// The import writes without foreign-key checks: every reference it wrote must hold, and the writer checks
    /// them again afterwards.
    static func expectForeignKeysHold(_ database: AuthorizedStore, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let violations = try database.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }
        #expect(violations.isEmpty, sourceLocation: sourceLocation)
        #expect(
            try database.write { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1, sourceLocation: sourceLocation
        )
    }

    @Test func heldRowsAreTheRowsOneStatementARowWrites() throws {
        let contacts = Self.contacts()
        let imported = try TemporaryStore()
        let importing = try imported.personStore()
        try importing.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            #expect(transaction.heldRows != nil)
            for contact in contacts {
                try transaction.add(contact.storage, uid: contact.uid, unknownProperties: contact.unknown)
            }
        }
        let synced = try TemporaryStore()
        let syncing = try synced.personStore()
        let container = try syncing.read { try ContainerRow.fetchDefault(in: $0)?.identifier } ?? ""
        _ = try syncing.syncTransaction(
            containerIdentifier: container, author: "sync", keysStraightToLargeIndexes: true
        ) { step in
            #expect(step.importer.heldRows == nil)
            for contact in contacts {
                try step.addContact(contact.storage, uid: contact.uid, unknownProperties: contact.unknown)
            }
        }
        let held = try Self.dump(importing)
        let plain = try Self.dump(syncing)
        #expect(held["contact"]?.count == 700)
        #expect(700 > ContactRowBatch.contactsPerWrite)
        #expect((held["contact_value"]?.count ?? 0) > 2 * ContactRowBatch.rowsPerStatement)
        #expect((held["name_index"]?.count ?? 0) > 2 * ContactRowBatch.rowsPerStatement)
        #expect(held["contact_image"]?.count == 14)
        for table in plain.keys.sorted() {
            #expect(held[table] == plain[table], "\(table)")
        }
        try Self.expectForeignKeysHold(importing)
    }

    /// Reads and other writes of the transaction see the held contacts, and the log keeps the order of the changes.
    @Test func heldContactsAreWrittenBeforeAnythingReadsOrRefersToThem() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let ada = ContactFixtures.person("Ada", "Lovelace", phones: ["+1 415 555 0101"]).storage
        let bo = ContactFixtures.person("Bo", "Zola").storage
        let cy = ContactFixtures.person("Cy", "Young").storage
        try database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            let adaID = try transaction.add(ada, uid: "ada", unknownProperties: [])
            try transaction.add(bo, uid: nil, unknownProperties: [])
            // A UID lookup finds the held contact.
            #expect(try transaction.matches(uids: ["ada"])["ada"]?.identifier == ada.identifier)
            #expect(transaction.heldRows?.isEmpty == true)
            let group = try transaction.addGroup(named: "Friends")
            // A membership refers to a held contact row (foreign keys are on: the row must exist).
            let cyID = try transaction.add(cy, uid: "cy", unknownProperties: [])
            #expect(try transaction.addMember(contactID: cyID, contactIdentifier: cy.identifier, to: group))
            #expect(try transaction.addMember(contactID: adaID, contactIdentifier: ada.identifier, to: group))
            // Stored contacts read back with their held values.
            let stored = try transaction.stored(identifiers: [ada.identifier], keys: ContactKeySet([.phoneNumbers]))
            #expect(stored[ada.identifier]?.storage.phoneNumbers.map(\.value.stringValue) == ["+1 415 555 0101"])
            #expect(stored[ada.identifier]?.uid == "ada")
        }
        let log = try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT operation, identifier, related_identifier FROM change_log ORDER BY sequence"
            )
            .map { row -> String in
                let operation = ChangeOperation(rawValue: row[0]).map { "\($0)" } ?? "?"
                return "\(operation) \(row[1] as String)" + ((row[2] as String?).map { " \($0)" } ?? "")
            }
        }
        let group = try database.read { try String.fetchOne($0, sql: #"SELECT identifier FROM "group""#) } ?? ""
        try Self.expectForeignKeysHold(database)
        #expect(
            log == [
                "addContact \(ada.identifier)", "addContact \(bo.identifier)", "addGroup \(group)",
                "addContact \(cy.identifier)", "addMember \(cy.identifier) \(group)",
                "addMember \(ada.identifier) \(group)",
            ])
    }

    /// A failed import writes none of its held rows.
    @Test func aFailedImportLeavesNoHeldRowBehind() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
                try transaction.add(
                    ContactFixtures.person("Ada", "Lovelace", phones: ["+1 415 555 0101"]).storage, uid: "ada",
                    unknownProperties: [])
                throw Stop()
            }
        }
        let dump = try Self.dump(database)
        for (table, rows) in dump where table != "change_log" {
            #expect(rows.isEmpty, "\(table)")
        }
        #expect(dump["change_log"]?.isEmpty == true)
        try Self.expectForeignKeysHold(database)
    }

    /// One batch's held `addContact` log rows share their transaction row: holding a second transaction's row
    /// before the first's are written is a programming error, which stops the process rather than log a contact
    /// under the wrong transaction.
    @Test func logRowsOfTwoTransactionsInOneBatchStopTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let batch = ContactRowBatch(stagesKeys: false)
            batch.addContactLog("A", transactionID: 1)
            batch.addContactLog("B", transactionID: 2)
        }
    }
}
