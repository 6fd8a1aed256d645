import GRDB

/// The index that answers a fetch of identifiers alone (`enumerateContacts` with no key) without reading the
/// contacts' rows.
///
/// In row-id order, the order such a fetch returns its contacts, the identifiers were read from the `contact`
/// table itself: each row holds every scalar field of its contact, so the scan stepped through pages of a few
/// contacts each to take 45 bytes from each row. The identifier's unique index holds the same pairs but in
/// identifier order, which would need a sort. This index holds the pairs in row-id order, about 70 to a page,
/// and SQLite reads it as a covering index (`SCAN contact USING COVERING INDEX contact_id_identifier`); a
/// read with any other column still reads the table by row id, since this index holds nothing else.
package enum IdentifierOrderSchema {
    /// The migration's name in the store's migration list. Never rename it.
    package static let migrationName = "identifier-order-index"

    /// The index's name, which query plans show.
    package static let indexName = "contact_id_identifier"

    package static func migrate(_ db: Database) throws {
        // Built from the rows a store already holds, so an upgraded store answers as a new one.
        try db.execute(sql: "CREATE INDEX \(indexName) ON contact(id, identifier)")
    }
}
