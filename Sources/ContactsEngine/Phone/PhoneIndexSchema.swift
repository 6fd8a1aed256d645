import GRDB

/// Phone numbers left out of the phone index by earlier versions: a number the person's region could not parse
/// got no index key, so no query could find it (``RegionalPhoneNumberMatcher`` now keys it by its digits).
package enum PhoneIndexSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "phone-index-unparsed-numbers"

    /// Indexes every phone number that has no index row, with the matcher of the person's region.
    package static func migrate(_ db: Database) throws {
        let matcher = RegionalPhoneNumberMatcher()
        guard let kind = LabeledValueRow.kind(of: .phoneNumbers) else { return }
        // `NOT IN` over the subquery builds one temporary index, so this reads each table once.
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT id, contact_id, value FROM contact_value
                WHERE kind = ? AND id NOT IN (SELECT value_id FROM phone_index)
                """,
            arguments: [kind])
        let insert = try db.makeStatement(
            sql: "INSERT OR IGNORE INTO phone_index (key, value_id, contact_id) VALUES (?, ?, ?)")
        for row in rows {
            let value: String = row["value"]
            guard let key = matcher.indexKey(for: value) else { continue }
            try insert.execute(arguments: [key, row["id"] as Int64, row["contact_id"] as Int64])
        }
    }
}
