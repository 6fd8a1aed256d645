import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

@Suite struct ImportTransactionTests {
    @Test func anImportLeavesTheWriterPageCacheAsConfigured() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let before = try database.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        try database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            let storage = ContactFixtures.person("Ada", "Lovelace").storage
            try transaction.add(storage, uid: "ada", unknownProperties: [])
        }
        let after = try database.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        #expect(before == -32_000)
        #expect(after == before)
    }

    @Test func preparedAndPlainAddsStoreTheSameRows() throws {
        let temporary = try TemporaryStore()
        let database = try temporary.personStore()
        let full = ModelSamples.fullContact()
        let plain = full.storage
        var second = full.storage
        second.identifier = ContactStorage.newIdentifier()
        try database.importTransaction(author: nil, containerIdentifier: nil) { transaction in
            try transaction.add(plain, uid: "plain", unknownProperties: [])
            try transaction.add(transaction.preparer.prepare(second), uid: "prepared", unknownProperties: [])
        }
        let rows = try database.read { db in
            try [plain.identifier, second.identifier].map { identifier in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT v.kind, v.position, v.label, v.value, v.detail, v.search, p.key FROM contact c
                        JOIN contact_value v ON v.contact_id = c.id
                        LEFT JOIN (
                            SELECT key, contact_id, position FROM phone_index
                            UNION ALL SELECT key, contact_id, position FROM phone_index_staged
                        ) p ON p.contact_id = v.contact_id AND v.kind = 1 AND p.position = v.position
                        WHERE c.identifier = ? ORDER BY v.kind, v.position
                        """,
                    arguments: [identifier]
                ).map { $0.description }
                    + String.fetchAll(
                        db,
                        sql: """
                            SELECT n.token FROM (SELECT token, contact_id FROM name_index UNION ALL SELECT token, contact_id FROM name_index_staged) n
                            JOIN contact c ON c.id = n.contact_id WHERE c.identifier = ? ORDER BY n.token
                            """,
                        arguments: [identifier]
                    )
            }
        }
        #expect(rows[0].count > 10)
        #expect(rows[0] == rows[1])
    }
}
