import Contacts
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

@Suite struct HistoryLogTests {
    private func rows(_ temporary: TemporaryStore, after sequence: Int64 = 0) throws -> [String] {
        let database = try temporary.personStore()
        return try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT operation, identifier, view FROM change_log WHERE sequence > ? ORDER BY sequence",
                arguments: [sequence]
            )
            .map { "\($0[0] as Int) \($0[1] as String) \($0[2] as Int)" }
        }
    }

    private func sequence(_ temporary: TemporaryStore) throws -> Int64 {
        let database = try temporary.personStore()
        return try database.read { try HistoryLog.currentSequence(in: $0) }
    }

    @Test func linkedCardUpdateWritesTheCardRowAndItsUnifiedContactsRow() throws {
        let temporary = try TemporaryStore()
        let store = temporary.store
        let cards = try ContactFixtures.save(
            [ContactFixtures.person("Ann", "Lee"), ContactFixtures.person("Ann", "Lee")], in: store)
        try store.link(cards.map(\.identifier), preferredIdentifier: cards[0].identifier)
        let start = try sequence(temporary)
        cards[1].jobTitle = "Engineer"
        let request = CNSaveRequest()
        request.update(cards[1])
        try store.execute(request)
        #expect(
            try rows(temporary, after: start) == [
                "\(ChangeOperation.updateContact.rawValue) \(cards[0].identifier) \(HistoryView.unified.rawValue)",
                "\(ChangeOperation.updateContact.rawValue) \(cards[1].identifier) \(HistoryView.perContainer.rawValue)",
            ])
    }

    @Test func savesAreTaggedWithThisProcess() throws {
        let temporary = try TemporaryStore()
        try ContactFixtures.save([ContactFixtures.person("Ann", "Lee")], in: temporary.store)
        let database = try temporary.personStore()
        let origins = try database.read { try String?.fetchAll($0, sql: #"SELECT origin FROM "transaction""#) }
        #expect(origins == [HistoryLog.processOrigin])
    }

    @Test func storesHaveDistinctIdentifiersThatSurviveReopening() throws {
        let first = try TemporaryStore()
        let second = try TemporaryStore()
        let token = try first.personStore().currentHistoryToken()
        #expect(try first.personStore().currentHistoryToken().storeIdentifier == token.storeIdentifier)
        #expect(try second.personStore().currentHistoryToken().storeIdentifier != token.storeIdentifier)
    }
}
