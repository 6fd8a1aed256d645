import ContactsModel
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import Contacts
@testable import ContactsEngine

@Suite struct ChangeLogTests {
    private func rows(_ temporary: TemporaryStore) throws -> [(Int, String, String?)] {
        let database = try temporary.personStore()
        return try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT operation, identifier, related_identifier FROM change_log ORDER BY sequence"
            )
            .map { ($0[0], $0[1], $0[2]) }
        }
    }

    @Test func eachSaveWritesOneTransactionWithItsAuthorAndOneRowPerChangedObject() throws {
        let temporary = try TemporaryStore()
        let ann = ContactFixtures.person("Ann", "Lee")
        let group = CNMutableGroup()
        group.name = "Friends"
        let request = CNSaveRequest()
        request.transactionAuthor = "com.example.app"
        request.add(ann, toContainerWithIdentifier: nil)
        request.add(group, toContainerWithIdentifier: nil)
        request.addMember(ann, to: group)
        try temporary.store.execute(request)
        let second = CNSaveRequest()
        second.update(ann)
        second.delete(group)
        try temporary.store.execute(second)

        let database = try temporary.personStore()
        let transactions = try database.read { db in
            try Row.fetchAll(db, sql: #"SELECT author, save_identifier FROM "transaction" ORDER BY id"#).map {
                ($0[0] as String?, $0[1] as String)
            }
        }
        #expect(transactions.map(\.0) == ["com.example.app", nil])
        #expect(transactions.map(\.1) == [request.saveIdentifier, second.saveIdentifier])
        let log = try rows(temporary)
        #expect(
            log.map(\.0)
                == [
                    ChangeOperation.addGroup, .addContact, .addMember, .updateContact, .deleteGroup,
                ].map(\.rawValue))
        #expect(log[2].1 == ann.identifier && log[2].2 == group.identifier)
    }

    @Test func aFailedSaveWritesNoHistory() throws {
        let temporary = try TemporaryStore()
        let request = CNSaveRequest()
        request.add(ContactFixtures.person("Ann", "Lee"), toContainerWithIdentifier: nil)
        request.delete(ContactFixtures.person("Missing", "One"))
        #expect(throws: CNError.self) { try temporary.store.execute(request) }
        #expect(try rows(temporary).isEmpty)
    }

    @Test func readOnlyRecordThrowsRecordNotWritable() throws {
        let temporary = try TemporaryStore()
        let ann = ContactFixtures.person("Ann", "Lee")
        try ContactFixtures.save([ann], in: temporary.store)
        let database = try temporary.personStore()
        try database.write { try $0.execute(sql: "UPDATE contact SET is_read_only = 1") }
        let request = CNSaveRequest()
        request.update(ann)
        #expect(
            throws: CNError(
                .recordNotWritable, userInfo: [CNErrorUserInfoAffectedRecordIdentifiersKey: [ann.identifier]])
        ) {
            try temporary.store.execute(request)
        }
    }
}
