import ContactsModel
import Foundation
import GRDB

/// Writes contacts into the tables: the contact row, its labeled values, image, name and phone indexes.
///
/// Every statement is cached per connection, so a save of thousands of contacts prepares each once.
package struct ContactWriter {
    package let sortKey: SortKey
    package let phoneMatcher: any PhoneNumberMatching

    package init(sortKey: SortKey, phoneMatcher: any PhoneNumberMatching) {
        self.sortKey = sortKey
        self.phoneMatcher = phoneMatcher
    }

    private static let insertSQL: String = {
        let columns = ["identifier", "container_id"] + ContactColumns.scalarProperties.compactMap(ContactColumns.column(of:))
            + ["sort_given", "sort_family"]
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO contact (\(columns.joined(separator: ", "))) VALUES (\(marks))"
    }()

    /// Inserts a new contact; properties it does not hold are stored empty.
    ///
    /// - Returns: The new row's id.
    @discardableResult
    package func insert(_ storage: ContactStorage, containerID: Int64, in db: Database) throws -> Int64 {
        var values: [(any DatabaseValueConvertible)?] = [storage.identifier, containerID]
        for property in ContactColumns.scalarProperties {
            values.append(Self.columnValue(of: property, in: storage))
        }
        let names = SortKey.Names(storage)
        let keys = sortKey.keys(for: names, identifier: storage.identifier)
        values.append(keys.given)
        values.append(keys.family)
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: StatementArguments(values))
        let contactID = db.lastInsertedRowID
        for property in ContactProperty.multiValueProperties {
            try insertValues(LabeledValueRow.rows(of: property, in: storage), contactID: contactID, in: db)
        }
        if let image = storage.imageData {
            try writeImage(image, contactID: contactID, in: db)
        }
        try insertNameTokens(of: storage, contactID: contactID, in: db)
        return contactID
    }

    /// Writes the properties a contact holds over the stored ones; the others stay as stored.
    package func update(_ storage: ContactStorage, contactID: Int64, in db: Database) throws {
        let keys = storage.fetchedKeys
        let scalars = ContactColumns.scalarProperties.filter { keys.contains($0) && $0 != .imageDataAvailable }
        if !scalars.isEmpty {
            let assignments = scalars.compactMap { ContactColumns.column(of: $0).map { "\($0) = ?" } }
            var values = scalars.map { Self.columnValue(of: $0, in: storage) }
            values.append(contactID)
            try db.cachedStatement(sql: "UPDATE contact SET \(assignments.joined(separator: ", ")) WHERE id = ?")
                .execute(arguments: StatementArguments(values))
        }
        for property in ContactProperty.multiValueProperties where keys.contains(property) {
            guard let kind = LabeledValueRow.kind(of: property) else { continue }
            if property == .phoneNumbers {
                try db.cachedStatement(sql: "DELETE FROM phone_index WHERE contact_id = ?").execute(arguments: [contactID])
            }
            try db.cachedStatement(sql: "DELETE FROM contact_value WHERE contact_id = ? AND kind = ?")
                .execute(arguments: [contactID, kind])
            try insertValues(LabeledValueRow.rows(of: property, in: storage), contactID: contactID, in: db)
        }
        if keys.contains(.imageData) {
            try db.cachedStatement(sql: "DELETE FROM contact_image WHERE contact_id = ?").execute(arguments: [contactID])
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
        try db.cachedStatement(sql: "DELETE FROM name_index WHERE contact_id = ?").execute(arguments: [contactID])
        try db.cachedStatement(sql: "DELETE FROM phone_index WHERE contact_id = ?").execute(arguments: [contactID])
        try db.cachedStatement(sql: "DELETE FROM contact WHERE id = ?").execute(arguments: [contactID])
    }

    // MARK: Parts

    private func insertValues(_ rows: [LabeledValueRow], contactID: Int64, in db: Database) throws {
        guard !rows.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO contact_value (contact_id, kind, position, identifier, label, value, detail, search)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        )
        for row in rows {
            try statement.execute(arguments: [
                contactID, row.kind, row.position, row.identifier, row.label, row.value, row.detail, row.search,
            ])
            if row.kind == LabeledValueRow.kind(of: .phoneNumbers), let key = phoneMatcher.indexKey(for: row.value) {
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO phone_index (key, value_id, contact_id) VALUES (?, ?, ?)")
                    .execute(arguments: [key, db.lastInsertedRowID, contactID])
            }
        }
    }

    private func writeImage(_ image: Data, contactID: Int64, in db: Database) throws {
        let thumbnail = Thumbnail.make(from: image)
        try db.cachedStatement(sql: "INSERT INTO contact_image (contact_id, image, thumbnail) VALUES (?, ?, ?)")
            .execute(arguments: [contactID, image, thumbnail])
        try db.cachedStatement(sql: "UPDATE contact SET has_image = 1 WHERE id = ?").execute(arguments: [contactID])
    }

    private func insertNameTokens(of storage: ContactStorage, contactID: Int64, in db: Database) throws {
        var tokens = Set<String>()
        for property in ContactColumns.searchedNameProperties {
            guard let text = storage.string(of: property), !text.isEmpty else { continue }
            tokens.formUnion(TextFolding.words(text))
        }
        guard !tokens.isEmpty else { return }
        let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO name_index (token, contact_id) VALUES (?, ?)")
        for token in tokens {
            try statement.execute(arguments: [token, contactID])
        }
    }

    /// Rebuilds the name tokens and sort keys from the stored names, after a partial update.
    private func reindexNames(contactID: Int64, in db: Database) throws {
        let properties = Array(Set(ContactColumns.searchedNameProperties + SortKey.properties))
            .sorted { $0.rawValue < $1.rawValue }
        let columns = properties.compactMap(ContactColumns.column(of:)).joined(separator: ", ")
        let sql = "SELECT \(columns), identifier FROM contact WHERE id = ?"
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [contactID]) else { return }
        var storage = ContactStorage(identifier: row[properties.count], fetchedKeys: ContactKeySet(properties))
        for (index, property) in properties.enumerated() {
            if property == .contactType {
                storage.contactType = CNContactType(rawValue: row[index]) ?? .person
            } else {
                _ = storage.setString(row[index], of: property)
            }
        }
        let names = SortKey.Names(storage)
        try db.cachedStatement(sql: "UPDATE contact SET sort_given = ?, sort_family = ? WHERE id = ?").execute(
            arguments: [
                sortKey.key(for: names, order: .givenName, identifier: storage.identifier),
                sortKey.key(for: names, order: .familyName, identifier: storage.identifier), contactID,
            ]
        )
        try db.cachedStatement(sql: "DELETE FROM name_index WHERE contact_id = ?").execute(arguments: [contactID])
        try insertNameTokens(of: storage, contactID: contactID, in: db)
    }

    /// The stored form of a single-valued property.
    package static func columnValue(of property: ContactProperty, in storage: ContactStorage) -> (any DatabaseValueConvertible)? {
        switch property {
        case .contactType: storage.contactType.rawValue
        case .birthday: storage.birthday.map(DateCoding.encode)
        case .nonGregorianBirthday: storage.nonGregorianBirthday.map(DateCoding.encode)
        case .imageDataAvailable: storage.imageData == nil ? 0 : 1
        default: storage.string(of: property)
        }
    }
}
