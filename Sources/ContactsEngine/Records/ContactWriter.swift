import ContactsModel
import Foundation
import GRDB

/// Writes contacts into the tables: the contact row, its labeled values, image, name and phone indexes.
///
/// New name tokens, phone keys and sort keys go to the staging b-trees (``IndexStaging``), which
/// ``mergeStagedKeysIfFull(in:)`` moves into the large indexes now and then.
///
/// Every statement is cached per connection, so a save of thousands of contacts prepares each once.
package struct ContactWriter: Sendable {
    package let sortKey: SortKey
    package let phoneMatcher: any PhoneNumberMatching
    package let stagingPolicy: IndexStaging.Policy
    /// The contacts this process staged since it last counted them, shared by every writer of a store.
    package let stagingTally: IndexStaging.Tally
    /// The name index words of non-ASCII name fields, shared by every copy of this writer.
    let nameWords = NameWordsCache()
    /// Whether new keys go to the staging b-trees (saves and syncs) or straight to the large indexes. An import
    /// writes straight: it is one transaction over many cards, so staging its keys would only write them twice
    /// (the merge at its end rewrote every imported contact's row: a third more processor time and 80 MB more
    /// peak memory for 100,000 cards).
    package private(set) var stagesKeys = true

    package init(
        sortKey: SortKey,
        phoneMatcher: any PhoneNumberMatching,
        stagingPolicy: IndexStaging.Policy = .standard,
        stagingTally: IndexStaging.Tally = IndexStaging.Tally()
    ) {
        self.sortKey = sortKey
        self.phoneMatcher = phoneMatcher
        self.stagingPolicy = stagingPolicy
        self.stagingTally = stagingTally
    }

    /// This writer, writing new keys straight to the large indexes (``stagesKeys``).
    package func writingStraightToLargeIndexes() -> ContactWriter {
        var writer = self
        writer.stagesKeys = false
        return writer
    }

    /// A new contact, staged (its sort keys go to the small partial indexes) or not.
    private static func insertSQL(staged: Bool) -> String {
        let columns =
            ["identifier", "container_id"] + ContactColumns.scalarProperties.compactMap(ContactColumns.column(of:))
            + ["sort_given", "sort_family", "name_words", "staged"]
        let marks = Array(repeating: "?", count: columns.count - 1).joined(separator: ", ")
        return "INSERT INTO contact (\(columns.joined(separator: ", "))) VALUES (\(marks), \(staged ? 1 : 0))"
    }

    private static let stagedInsertSQL = insertSQL(staged: true)
    private static let straightInsertSQL = insertSQL(staged: false)

    /// Moves the staged index keys into the large indexes when the policy says the staging is full; called at
    /// the end of every write transaction that adds or changes contacts.
    package func mergeStagedKeysIfFull(in db: Database) throws {
        try IndexStaging.mergeIfFull(stagingPolicy, tally: stagingTally, in: db)
    }

    /// The rows of a new contact, worked out without the database, so an import can do it on another thread.
    package func prepare(_ storage: ContactStorage) -> PreparedContact {
        let keys = sortKey.keys(for: SortKey.Names(storage), identifier: storage.identifier)
        var values: [PreparedContact.Value] = []
        for property in ContactProperty.multiValueProperties {
            for row in LabeledValueRow.rows(of: property, in: storage) {
                values.append(PreparedContact.Value(row: row, phoneKey: phoneKey(of: row)))
            }
        }
        let tokens = nameTokens(of: storage)
        return PreparedContact(
            storage: storage, sortGiven: keys.given, sortFamily: keys.family, values: values,
            thumbnail: storage.imageData.flatMap(Thumbnail.make(from:)), nameTokens: tokens,
            nameWords: NameWordsColumn.encode(tokens)
        )
    }

    /// Inserts a new contact; properties it does not hold are stored empty.
    ///
    /// - Returns: The new row's id.
    @discardableResult
    package func insert(_ storage: ContactStorage, containerID: Int64, in db: Database) throws -> Int64 {
        try insert(prepare(storage), containerID: containerID, in: db)
    }

    /// Inserts a new contact prepared by ``prepare(_:)``, with this writer's sort keys and phone matcher.
    ///
    /// - Returns: The new row's id.
    @discardableResult
    package func insert(_ contact: PreparedContact, containerID: Int64, in db: Database) throws -> Int64 {
        let contactID = try insertRow(contact, containerID: containerID, in: db)
        try insertValues(contact.values, contactID: contactID, in: db)
        if let image = contact.storage.imageData {
            // The row already says it has an image.
            try insertImage(image, thumbnail: contact.thumbnail, contactID: contactID, in: db)
        }
        try insertNameTokens(contact.nameTokens, contactID: contactID, in: db)
        return contactID
    }

    /// Leaves a new contact's row, labeled values, phone keys and name tokens to `batch`, which writes them many
    /// rows a statement (an import's; ``ContactRowBatch``); only an image is written now.
    ///
    /// - Returns: The new row's id.
    @discardableResult
    package func insert(
        _ contact: PreparedContact, containerID: Int64, deferringTo batch: ContactRowBatch, in db: Database
    ) throws -> Int64 {
        let contactID = try batch.add(contact, containerID: containerID, in: db)
        if stagesKeys { stagingTally.add(1) }
        if let image = contact.storage.imageData {
            // The image's row refers to the contact's, so the held rows go first (few cards have photos).
            try batch.write(in: db)
            try insertImage(image, thumbnail: contact.thumbnail, contactID: contactID, in: db)
        }
        return contactID
    }

    /// A batch for ``insert(_:containerID:deferringTo:in:)`` that writes to the tables this writer writes to.
    package func makeRowBatch() -> ContactRowBatch {
        ContactRowBatch(stagesKeys: stagesKeys)
    }

    /// The contact row alone.
    private func insertRow(_ contact: PreparedContact, containerID: Int64, in db: Database) throws -> Int64 {
        try db.cachedStatement(sql: stagesKeys ? Self.stagedInsertSQL : Self.straightInsertSQL).executeBinding {
            binder in
            Self.bindRow(of: contact, containerID: containerID, to: &binder)
        }
        let contactID = db.lastInsertedRowID
        if stagesKeys { stagingTally.add(1) }
        return contactID
    }

    /// Writes the properties a contact holds over the stored ones; the others stay as stored.
    package func update(_ storage: ContactStorage, contactID: Int64, in db: Database) throws {
        let keys = storage.fetchedKeys
        let scalars = ContactColumns.scalarProperties.filter { keys.contains($0) && $0 != .imageDataAvailable }
        if !scalars.isEmpty {
            let assignments = scalars.compactMap { ContactColumns.column(of: $0).map { "\($0) = ?" } }
            // Bound directly, as inserts are: GRDB's arguments would cut text at U+0000.
            try db.cachedStatement(sql: "UPDATE contact SET \(assignments.joined(separator: ", ")) WHERE id = ?")
                .executeBinding { binder in
                    for property in scalars {
                        Self.bindColumn(of: property, in: storage, to: &binder)
                    }
                    binder.bind(contactID)
                }
        }
        for property in ContactProperty.multiValueProperties where keys.contains(property) {
            guard let kind = LabeledValueRow.kind(of: property) else { continue }
            if property == .phoneNumbers {
                try deletePhoneKeys(contactID: contactID, in: db)
                try markStaged(contactID: contactID, in: db)
            }
            try db.cachedStatement(sql: "DELETE FROM contact_value WHERE contact_id = ? AND kind = ?")
                .execute(arguments: [contactID, kind])
            let rows = LabeledValueRow.rows(of: property, in: storage)
            try insertValues(
                rows.map { PreparedContact.Value(row: $0, phoneKey: phoneKey(of: $0)) }, contactID: contactID, in: db)
        }
        if keys.contains(.imageData) {
            try db.cachedStatement(sql: "DELETE FROM contact_image WHERE contact_id = ?").execute(arguments: [contactID]
            )
            try db.cachedStatement(sql: "UPDATE contact SET has_image = 0 WHERE id = ?").execute(arguments: [contactID])
            if let image = storage.imageData {
                try writeImage(image, contactID: contactID, in: db)
            }
        }
        if !keys.isDisjoint(with: ContactColumns.indexedNameProperties) {
            try reindexNames(contactID: contactID, in: db)
        }
    }

    /// Deletes a contact; its values, image, memberships and link rows go with it.
    package func delete(contactID: Int64, in db: Database) throws {
        try deleteNameTokens(contactID: contactID, in: db)
        try deletePhoneKeys(contactID: contactID, in: db)
        try db.cachedStatement(sql: "DELETE FROM contact WHERE id = ?").execute(arguments: [contactID])
    }

    // MARK: Staged keys

    /// Deletes the tokens a contact's row lists (``NameWordsColumn``), one seek on each table's key a token.
    private func deleteNameTokens(contactID: Int64, in db: Database) throws {
        let rows = try StatementRows(
            db.cachedStatement(sql: "SELECT name_words FROM contact WHERE id = ?"), arguments: [contactID])
        guard let row = try rows.next() else { return }
        try deleteNameTokens(NameWordsColumn.decode(StatementColumn.text(row, 0)), contactID: contactID, in: db)
    }

    /// A contact's keys may be in the large index or staged (or both, never for the same key): both go.
    private func deleteNameTokens(_ tokens: [String], contactID: Int64, in db: Database) throws {
        guard !tokens.isEmpty else { return }
        let list = JSONList.encode(tokens)
        for table in ["name_index", "name_index_staged"] {
            try db.cachedStatement(
                sql: "DELETE FROM \(table) WHERE token IN (SELECT value FROM json_each(?)) AND contact_id = ?"
            ).execute(arguments: [list, contactID])
        }
    }

    private func deletePhoneKeys(contactID: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM phone_index WHERE contact_id = ?").execute(arguments: [contactID])
        try db.cachedStatement(sql: "DELETE FROM phone_index_staged WHERE contact_id = ?").execute(arguments: [
            contactID
        ])
    }

    /// Marks a contact whose keys are rewritten as staged, so the staged contacts count every staged key
    /// (``IndexStaging``'s invariant); its sort keys move to the small partial indexes with it.
    private func markStaged(contactID: Int64, in db: Database) throws {
        guard stagesKeys else { return }
        try db.cachedStatement(sql: "UPDATE contact SET staged = 1 WHERE id = ? AND staged = 0").execute(arguments: [
            contactID
        ])
        stagingTally.add(db.changesCount)
    }

    // MARK: Parts

    /// The phone index key of a labeled value row, nil for other kinds and numbers too short to find.
    private func phoneKey(of row: LabeledValueRow) -> String? {
        guard row.kind == Self.phoneKind else { return nil }
        return phoneMatcher.indexKey(for: row.value)
    }

    private static let phoneKind = LabeledValueRow.kind(of: .phoneNumbers)

    private func insertValues(_ values: [PreparedContact.Value], contactID: Int64, in db: Database) throws {
        guard !values.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO contact_value (contact_id, kind, position, identifier, label, value, detail, search)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        )
        for value in values {
            let row = value.row
            try statement.executeBinding { binder in
                binder.bind(contactID)
                binder.bindColumns(of: row)
            }
            if let key = value.phoneKey {
                // The key names its value by contact and position (its kind is phone numbers').
                try db.cachedStatement(sql: stagesKeys ? Self.stagedPhoneKeySQL : Self.phoneKeySQL)
                    .executeBinding { binder in
                        binder.bind(key)
                        binder.bind(contactID)
                        binder.bind(row.position)
                    }
            }
        }
    }

    private func writeImage(_ image: Data, contactID: Int64, in db: Database) throws {
        try insertImage(image, thumbnail: Thumbnail.make(from: image), contactID: contactID, in: db)
        try db.cachedStatement(sql: "UPDATE contact SET has_image = 1 WHERE id = ?").execute(arguments: [contactID])
    }

    private func insertImage(_ image: Data, thumbnail: Data?, contactID: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO contact_image (contact_id, image, thumbnail) VALUES (?, ?, ?)")
            .executeBinding { binder in
                binder.bind(contactID)
                binder.bind(image)
                binder.bind(thumbnail)
            }
    }

    /// The name index tokens of a contact: the words of every searched name field.
    private func nameTokens(of storage: ContactStorage) -> Set<String> {
        var tokens = Set<String>()
        for property in ContactColumns.searchedNameProperties {
            guard let text = storage.string(of: property), !text.isEmpty else { continue }
            nameWords.addWords(of: text, to: &tokens, folding: sortKey.folding)
        }
        return tokens
    }

    /// `INSERT OR IGNORE` statements for 1 to 8 name index rows: a contact's tokens go in one or two
    /// statements instead of one each, which saves SQLite's per-statement work (opening the table and its
    /// index, halting, resetting).
    private static func nameTokenSQL(table: String) -> [String] {
        (0...8).map { count in
            "INSERT OR IGNORE INTO \(table) (token, contact_id) VALUES "
                + Array(repeating: "(?, ?)", count: count).joined(separator: ", ")
        }
    }

    private static let stagedNameTokenSQL = nameTokenSQL(table: "name_index_staged")
    private static let straightNameTokenSQL = nameTokenSQL(table: "name_index")

    private static let stagedPhoneKeySQL =
        "INSERT OR IGNORE INTO phone_index_staged (key, contact_id, position) VALUES (?, ?, ?)"
    private static let phoneKeySQL = "INSERT OR IGNORE INTO phone_index (key, contact_id, position) VALUES (?, ?, ?)"

    private func insertNameTokens(_ tokens: Set<String>, contactID: Int64, in db: Database) throws {
        let statements = stagesKeys ? Self.stagedNameTokenSQL : Self.straightNameTokenSQL
        var remaining = tokens[...]
        while !remaining.isEmpty {
            let chunk = remaining.prefix(statements.count - 1)
            remaining = remaining.dropFirst(chunk.count)
            try db.cachedStatement(sql: statements[chunk.count]).executeBinding { binder in
                for token in chunk {
                    binder.bind(token)
                    binder.bind(contactID)
                }
            }
        }
    }

    /// Rebuilds the name tokens and sort keys from the stored names, after a partial update.
    private func reindexNames(contactID: Int64, in db: Database) throws {
        let properties = Array(Set(ContactColumns.searchedNameProperties + SortKey.properties))
            .sorted { $0.rawValue < $1.rawValue }
        let columns = properties.compactMap(ContactColumns.column(of:)).joined(separator: ", ")
        let sql = "SELECT \(columns), identifier, name_words FROM contact WHERE id = ?"
        // A cursor, not fetchOne: a copied row holds text cut at U+0000 (see StoredText).
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [contactID])
        guard let row = try rows.next() else { return }
        var storage = ContactStorage(identifier: row[properties.count], fetchedKeys: ContactKeySet(properties))
        let storedTokens = NameWordsColumn.decode((row[properties.count + 1] as StoredText).string)
        for (index, property) in properties.enumerated() {
            if property == .contactType {
                storage.contactType = CNContactType(rawValue: row[index]) ?? .person
            } else {
                _ = storage.setString((row[index] as StoredText).string, of: property)
            }
        }
        let names = SortKey.Names(storage)
        let tokens = nameTokens(of: storage)
        let sortKeys = "UPDATE contact SET sort_given = ?, sort_family = ?, name_words = ? WHERE id = ?"
        try db.cachedStatement(sql: sortKeys).executeBinding { binder in
            binder.bind(sortKey.key(for: names, order: .givenName, identifier: storage.identifier))
            binder.bind(sortKey.key(for: names, order: .familyName, identifier: storage.identifier))
            binder.bind(NameWordsColumn.encode(tokens))
            binder.bind(contactID)
        }
        try deleteNameTokens(storedTokens, contactID: contactID, in: db)
        try markStaged(contactID: contactID, in: db)
        try insertNameTokens(tokens, contactID: contactID, in: db)
    }

    /// Binds a new contact's row from `identifier` to `name_words`, in ``insertSQL(staged:)``'s column order.
    static func bindRow(of contact: PreparedContact, containerID: Int64, to binder: inout StatementBinder) {
        let storage = contact.storage
        binder.bind(storage.identifier)
        binder.bind(containerID)
        for property in ContactColumns.scalarProperties {
            bindColumn(of: property, in: storage, to: &binder)
        }
        binder.bind(contact.sortGiven)
        binder.bind(contact.sortFamily)
        binder.bind(contact.nameWords)
    }

    /// Binds the stored form of a single-valued property: text with every byte, dates in ``DateCoding``.
    private static func bindColumn(
        of property: ContactProperty, in storage: ContactStorage, to binder: inout StatementBinder
    ) {
        switch property {
        case .contactType: binder.bind(storage.contactType.rawValue)
        case .birthday: binder.bind(storage.birthday.map(DateCoding.encode))
        case .nonGregorianBirthday: binder.bind(storage.nonGregorianBirthday.map(DateCoding.encode))
        case .imageDataAvailable: binder.bind(storage.imageData == nil ? 0 : 1)
        default: binder.bind(storage.string(of: property))
        }
    }
}
