import ContactsModel
import ContactsPrivacy
import ContactsTestSupport
import Foundation
import GRDB
import Testing

@testable import ContactsEngine

/// The SQLite privacy repository, its change-log rows, and the SQL of the visible set.
@Suite struct PrivacyStoreTests {
    private func open() throws -> (TemporaryStore, AuthorizedStore) {
        let temporary = try TemporaryStore()
        return (temporary, try temporary.personStore())
    }

    @Test func recordsRoundTripEveryField() throws {
        let (temporary, database) = try open()
        defer { withExtendedLifetime(temporary) {} }
        let repository = SQLitePrivacyRepository(store: database)
        #expect(try repository.record(for: "com.example.app") == nil)
        let stored = try repository.change("com.example.app") { record in
            record.status = .limited
            record.decidedAt = Date(timeIntervalSince1970: 1_800_000_000)
            record.limitedIdentifiers = ["A:ABPerson", "B:ABPerson"]
            record.createdIdentifiers = ["C:ABPerson"]
            record.displayName = "Example"
            record.usageDescription = "Finds friends."
        }
        #expect(try repository.record(for: "com.example.app") == stored)
        #expect(stored.generation == AccessGeneration(revision: 1, revocation: 0))
        #expect(try repository.records().map(\.bundleIdentifier) == ["com.example.app"])
    }

    @Test func generationsMatchTheInMemoryTwin() throws {
        let (temporary, database) = try open()
        defer { withExtendedLifetime(temporary) {} }
        let repositories: [any PrivacyRepository] = [
            SQLitePrivacyRepository(store: database), InMemoryPrivacyRepository(),
        ]
        let changes: [(inout AuthorizationRecord) -> Void] = [
            { $0.status = .authorized }, { $0.status = .limited }, { $0.limitedIdentifiers.insert("A") },
            { $0.limitedIdentifiers.remove("A") }, { $0.createdIdentifiers.insert("C") }, { $0.status = .denied },
        ]
        let results = try repositories.map { repository in
            try changes.map { change in try repository.change("app", change) }
        }
        #expect(results[0] == results[1])
    }

    @Test func sharingAndUnsharingWriteGrantAndRevokeRowsInTheChangeLog() throws {
        let (temporary, database) = try open()
        defer { withExtendedLifetime(temporary) {} }
        let repository = SQLitePrivacyRepository(store: database)
        try repository.change("app") { $0.status = .limited }
        try repository.change("app") { $0.limitedIdentifiers = ["A", "B"] }
        try repository.change("app") { $0.limitedIdentifiers = ["B"] }
        try repository.change("app") { $0.status = .authorized }
        let rows = try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT operation, identifier, related_identifier FROM change_log ORDER BY sequence"
            )
            .map { "\($0[0] as Int) \($0[1] as String) \($0[2] as String)" }
        }
        #expect(rows == ["102 app app", "100 A app", "100 B app", "101 A app", "102 app app"])
    }

    @Test func visibleSetIsAnIndexedJoinNotAScan() throws {
        let (temporary, database) = try open()
        defer { withExtendedLifetime(temporary) {} }
        let visible = VisibleContacts(appID: 1)
        let condition = PredicateCompiler.Condition.all.restricted(to: visible)
        let detail = try database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM contact WHERE \(condition.sql)")
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
        #expect(detail.contains("app_grant USING PRIMARY KEY (app_id=?)"))
        #expect(detail.contains("app_created USING PRIMARY KEY (app_id=?)"))
    }

    @Test func savesOfAnAppRecordCreatedContactsInTheSameTransaction() throws {
        let (temporary, database) = try open()
        defer { withExtendedLifetime(temporary) {} }
        let repository = SQLitePrivacyRepository(store: database)
        try repository.change("app") { $0.status = .limited }
        var configuration = temporary.configuration()
        configuration.accessor = .app(AppIdentity(bundleIdentifier: "app", usageDescription: "Tests."))
        configuration.privacy = ContactStorePrivacyOptions(administratorPolicy: .unrestricted)
        let app = try EmbeddedConnection(configuration: configuration).authorized()
        #expect(app.access.saveGate?.visibility != nil, "the gate issued limited access")
        let contact = CNMutableContact()
        contact.givenName = "Ann"
        try app.execute(
            [.addContact(contact, containerIdentifier: nil)], author: nil, saveIdentifier: "s", refetch: false)
        #expect(try repository.record(for: "app")?.createdIdentifiers == [contact.identifier])
    }
}
