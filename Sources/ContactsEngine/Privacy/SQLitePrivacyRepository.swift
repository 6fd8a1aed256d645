import ContactsModel
import ContactsPrivacy
import Foundation
import GRDB

/// The authorization records of one store file, in its tables `app`, `app_grant` and `app_created`.
///
/// Each call is one transaction. ``update(_:_:)`` also writes the grant and revoke rows of the change log
/// (``AccessChangeLog``) in the same transaction, so history sees access changes in order with data changes.
package struct SQLitePrivacyRepository: PrivacyRepository {
    /// The store, with the gate's bookkeeping access or the person's; private so the records are the only
    /// thing this type reads.
    private let store: AuthorizedStore

    init(store: AuthorizedStore) {
        self.store = store
    }

    package func record(for bundleIdentifier: String) throws(CNError) -> AuthorizationRecord? {
        try StoreError.mapped { try store.read { db in try Self.record(for: bundleIdentifier, in: db) } }
    }

    package func records() throws(CNError) -> [AuthorizationRecord] {
        try StoreError.mapped {
            try store.read { db in
                let identifiers = try String.fetchAll(
                    db, sql: "SELECT bundle_identifier FROM app ORDER BY bundle_identifier")
                return try identifiers.compactMap { try Self.record(for: $0, in: db) }
            }
        }
    }

    @discardableResult
    package func update(
        _ bundleIdentifier: String,
        _ body: (inout AuthorizationRecord) -> Void
    ) throws(CNError) -> AuthorizationRecord {
        try StoreError.mapped {
            try store.write { db in
                let old = try Self.record(for: bundleIdentifier, in: db)
                var record = old ?? AuthorizationRecord(bundleIdentifier: bundleIdentifier)
                body(&record)
                record.bundleIdentifier = bundleIdentifier
                try Self.store(record, replacing: old, in: db)
                return record
            }
        }
    }

    /// The small part of a record every gated call reads: one indexed row, no identifier sets.
    package func state(for bundleIdentifier: String) throws(CNError) -> AppAccessState? {
        // One row by its unique key: one statement, so no transaction around it (the gate reads it on every call).
        try StoreError.mapped {
            try store.readOneStatement { db in try AppAccessState.fetch(bundleIdentifier, in: db) }
        }
    }

    static func record(for bundleIdentifier: String, in db: Database) throws -> AuthorizationRecord? {
        let statement = try db.cachedStatement(
            sql: """
                SELECT id, status, decided_at, display_name, usage_description, revision, revocation
                FROM app WHERE bundle_identifier = ?
                """
        )
        guard let row = try Row.fetchOne(statement, arguments: [bundleIdentifier]) else { return nil }
        let id: Int64 = row[0]
        let granted = try String.fetchAll(
            db.cachedStatement(sql: "SELECT contact_identifier FROM app_grant WHERE app_id = ?"), arguments: [id])
        let created = try String.fetchAll(
            db.cachedStatement(sql: "SELECT contact_identifier FROM app_created WHERE app_id = ?"), arguments: [id])
        let decided: Double? = row[2]
        let revision: Int64 = row[5]
        let revocation: Int64 = row[6]
        return AuthorizationRecord(
            bundleIdentifier: bundleIdentifier,
            status: CNAuthorizationStatus(rawValue: row[1]) ?? .denied,
            decidedAt: decided.map(Date.init(timeIntervalSince1970:)),
            limitedIdentifiers: Set(granted),
            createdIdentifiers: Set(created),
            displayName: row[3],
            usageDescription: row[4],
            generation: AccessGeneration(
                revision: UInt64(bitPattern: revision), revocation: UInt64(bitPattern: revocation))
        )
    }

    private static func store(_ record: AuthorizationRecord, replacing old: AuthorizationRecord?, in db: Database)
        throws
    {
        try db.execute(
            sql: """
                INSERT INTO app (bundle_identifier, status, decided_at, display_name, usage_description, revision, revocation)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (bundle_identifier) DO UPDATE SET
                    status = excluded.status, decided_at = excluded.decided_at, display_name = excluded.display_name,
                    usage_description = excluded.usage_description, revision = excluded.revision,
                    revocation = excluded.revocation
                """,
            arguments: [
                record.bundleIdentifier, record.status.rawValue, record.decidedAt?.timeIntervalSince1970,
                record.displayName, record.usageDescription, Int64(bitPattern: record.generation.revision),
                Int64(bitPattern: record.generation.revocation),
            ]
        )
        guard
            let appID = try Int64.fetchOne(
                db, sql: "SELECT id FROM app WHERE bundle_identifier = ?", arguments: [record.bundleIdentifier])
        else { return }
        let oldGranted = old?.limitedIdentifiers ?? []
        let oldCreated = old?.createdIdentifiers ?? []
        try replaceSet(table: "app_grant", appID: appID, old: oldGranted, new: record.limitedIdentifiers, in: db)
        try replaceSet(table: "app_created", appID: appID, old: oldCreated, new: record.createdIdentifiers, in: db)
        try AccessChangeLog.record(from: old, to: record, in: db)
    }

    private static func replaceSet(table: String, appID: Int64, old: Set<String>, new: Set<String>, in db: Database)
        throws
    {
        let removed = old.subtracting(new)
        let added = new.subtracting(old)
        if !removed.isEmpty {
            try db.execute(
                sql: "DELETE FROM \(table) WHERE app_id = ? AND contact_identifier IN (SELECT value FROM json_each(?))",
                arguments: [appID, JSONList.encode(removed.sorted())]
            )
        }
        if !added.isEmpty {
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO \(table) (app_id, contact_identifier)
                    SELECT ?, value FROM json_each(?)
                    """,
                arguments: [appID, JSONList.encode(added.sorted())]
            )
        }
    }
}
