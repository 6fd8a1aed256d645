import ContactsModel
import ContactsPrivacy
import Foundation
import GRDB

/// Rows of the change log that record changes of what an app may see, for per-app change history.
///
/// They share `change_log` (and its sequence) with data changes, written in the same transaction as the
/// access change, so a history reader sees them in order. Each row names the app in `related_identifier`:
///
/// | `operation` | `identifier` | meaning for that app's history |
/// |---|---|---|
/// | 100 `grantContact` | contact | the contact entered the visible set: an add event (if it still exists) |
/// | 101 `revokeContact` | contact | the contact left the visible set: a delete event |
/// | 102 `accessChanged` | bundle identifier | the whole set changed (status changed): drop everything, then add every visible contact |
///
/// Readers for other apps and for the person skip these rows; data rows (1-10) of contacts the app cannot see
/// at read time are skipped too. docs/Privacy.md, "Change history", gives the full rules.
package enum AccessChangeLog {
    /// A contact became visible to the app in `related_identifier`.
    package static let grantContact = 100
    /// A contact stopped being visible to the app in `related_identifier`.
    package static let revokeContact = 101
    /// The app's whole visible set changed; `identifier` is the bundle identifier.
    package static let accessChanged = 102

    /// Writes the rows for one change of a record; nothing when what the app sees did not change.
    static func record(from old: AuthorizationRecord?, to new: AuthorizationRecord, in db: Database) throws {
        let before = visible(old)
        let after = visible(new)
        var rows: [(Int, String)] = []
        switch (before, after) {
        case (.only(let was), .only(let now)):
            rows += now.subtracting(was).sorted().map { (grantContact, $0) }
            rows += was.subtracting(now).sorted().map { (revokeContact, $0) }
        case (.all, .all), (.none, .none):
            break
        default:
            rows.append((accessChanged, new.bundleIdentifier))
        }
        guard !rows.isEmpty else { return }
        try db.execute(
            sql: #"INSERT INTO "transaction" (author, save_identifier, timestamp) VALUES (NULL, NULL, ?)"#,
            arguments: [Date().timeIntervalSince1970]
        )
        let transactionID = db.lastInsertedRowID
        let statement = try db.cachedStatement(
            sql:
                "INSERT INTO change_log (transaction_id, operation, identifier, related_identifier) VALUES (?, ?, ?, ?)"
        )
        for (operation, identifier) in rows {
            try statement.execute(arguments: [transactionID, operation, identifier, new.bundleIdentifier])
        }
    }

    /// What a stored record lets the app see, ignoring the policy file (which is not in the database).
    private static func visible(_ record: AuthorizationRecord?) -> Visibility {
        guard let record else { return .none }
        return AccessScope(
            accessor: .app(AppIdentity(bundleIdentifier: record.bundleIdentifier)), record: record,
            policy: .unrestricted
        ).visibility
    }
}
