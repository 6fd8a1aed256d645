import ContactsModel
import Foundation
import GRDB

/// Turns linked cards into unified contacts when contacts are read unified.
///
/// Merge rules (docs/Linking.md): the cards are ordered preferred first, then the others oldest first.
/// A single-valued property comes from the first card in that order where it is not empty; the contact
/// type from the preferred card; the image from the first card that has one. Multi-valued properties are
/// the cards' values in that order, leaving out a value whose label and value equal an earlier one (phone
/// numbers compared by digits, e-mail addresses without case); each value keeps its identifier.
package enum UnifiedContacts {
    /// Replaces each linked card of a batch by its unified contact.
    ///
    /// - Parameters:
    ///   - batch: Contacts read with `reader`; linked ones are replaced in place.
    ///   - reader: The reader the batch was read with, to read the other cards with the same keys.
    ///   - visibility: A limited app's visible set: only visible cards contribute; nil for all.
    ///   - seen: The unified contacts already returned, by person, updated here.
    ///   - dropsRepeated: Whether a unified contact in `seen` is left out of the batch, so a fetch returns
    ///     it once; false keeps one entry per card (reads by identifier).
    package static func collapse(
        _ batch: inout [ContactStorage], reader: ContactReader, visibility: VisibleContacts? = nil,
        seen: inout Set<Int64>,
        dropsRepeated: Bool = true, in db: Database
    ) throws {
        guard !batch.isEmpty,
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM link)")) == true
        else { return }
        let identifiers = batch.map(\.identifier)
        let persons = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT contact.identifier, link.person_id FROM contact JOIN link ON link.contact_id = contact.id
                    WHERE contact.identifier IN (SELECT value FROM json_each(?))
                    """
            ),
            arguments: [JSONList.encode(identifiers)]
        )
        guard !persons.isEmpty else { return }
        var personOf: [String: Int64] = [:]
        for row in persons { personOf[row[0]] = row[1] }
        var unified: [Int64: ContactStorage] = [:]
        var result: [ContactStorage] = []
        result.reserveCapacity(batch.count)
        for storage in batch {
            guard let person = personOf[storage.identifier] else {
                result.append(storage)
                continue
            }
            if !seen.insert(person).inserted, dropsRepeated { continue }
            if unified[person] == nil {
                unified[person] = try read(person: person, reader: reader, visibility: visibility, in: db)
            }
            result.append(unified[person] ?? storage)
        }
        batch = result
    }

    /// The unified contact a card belongs to, or nil when the card is not linked or does not exist.
    package static func unified(
        ofCard identifier: String, reader: ContactReader, visibility: VisibleContacts? = nil, in db: Database
    ) throws -> ContactStorage? {
        guard let person = try LinkedCard.fetch(identifier: identifier, in: db)?.personID else { return nil }
        return try read(person: person, reader: reader, visibility: visibility, in: db)
    }

    /// Whether an identifier is a unified contact's: the preferred card of two or more linked cards.
    package static func isUnifiedIdentifier(_ identifier: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT EXISTS (SELECT 1 FROM contact JOIN link ON link.contact_id = contact.id
                    WHERE contact.identifier = ? AND link.is_preferred = 1)
                    """
            ),
            arguments: [identifier]
        ) ?? false
    }

    /// The unified contact of a person, read with a reader's keys.
    private static func read(
        person: Int64, reader: ContactReader, visibility: VisibleContacts?, in db: Database
    ) throws -> ContactStorage? {
        var members = try LinkedCard.members(ofPerson: person, in: db)
        if let visibility {
            // A limited app sees only the cards shared with it: hidden cards contribute nothing.
            members = try members.filter { try visibility.contains($0.identifier, in: db) }
        }
        let ids = members.map(\.id)
        let statement = try db.cachedStatement(
            sql: "SELECT \(reader.selection) FROM contact WHERE id IN (SELECT value FROM json_each(?))"
        )
        var cards: [ContactStorage] = []
        var cardIDs: [Int64] = []
        let rows = try StatementRows(statement, arguments: [JSONList.encode(ids)])
        while let row = try rows.next() {
            cardIDs.append(ContactReader.rowID(row))
            reader.append(row, to: &cards)
        }
        try reader.complete(&cards, ids: cardIDs, in: db)
        var byID: [Int64: ContactStorage] = [:]
        for (id, card) in zip(cardIDs, cards) { byID[id] = card }
        return merge(ids.compactMap { byID[$0] })
    }

    /// Merges cards, the preferred first, into one unified contact carrying the first card's identifier.
    package static func merge(_ cards: [ContactStorage]) -> ContactStorage? {
        guard var result = cards.first else { return nil }
        let keys = result.fetchedKeys
        for property in ContactProperty.stringProperties where keys.contains(property) {
            if let value = cards.lazy.compactMap({ $0.string(of: property) }).first(where: { !$0.isEmpty }) {
                _ = result.setString(value, of: property)
            }
        }
        result.birthday = cards.lazy.compactMap(\.birthday).first
        result.nonGregorianBirthday = cards.lazy.compactMap(\.nonGregorianBirthday).first
        if let withImage = cards.first(where: {
            $0.imageDataAvailable || $0.imageData != nil || $0.thumbnailImageData != nil
        }) {
            result.imageDataAvailable = withImage.imageDataAvailable
            result.imageData = withImage.imageData
            result.thumbnailImageData = withImage.thumbnailImageData
        }
        merge(\.phoneNumbers, .phoneNumbers, cards, into: &result)
        merge(\.emailAddresses, .emailAddresses, cards, into: &result)
        merge(\.postalAddresses, .postalAddresses, cards, into: &result)
        merge(\.dates, .dates, cards, into: &result)
        merge(\.urlAddresses, .urlAddresses, cards, into: &result)
        merge(\.contactRelations, .contactRelations, cards, into: &result)
        merge(\.socialProfiles, .socialProfiles, cards, into: &result)
        merge(\.instantMessageAddresses, .instantMessageAddresses, cards, into: &result)
        result.linkedIdentifiers = cards.map(\.identifier)
        return result
    }

    private static func merge<Value>(
        _ keyPath: WritableKeyPath<ContactStorage, [CNLabeledValue<Value>]>, _ property: ContactProperty,
        _ cards: [ContactStorage], into result: inout ContactStorage
    ) {
        guard result.fetchedKeys.contains(property) else { return }
        var seen = Set<String>()
        var merged: [CNLabeledValue<Value>] = []
        for card in cards {
            let rows = LabeledValueRow.rows(of: property, in: card)
            for (value, row) in zip(card[keyPath: keyPath], rows)
            where seen.insert(duplicateKey(row, property)).inserted {
                merged.append(value)
            }
        }
        result[keyPath: keyPath] = merged
    }

    /// Label and value in a form where equal values compare equal.
    private static func duplicateKey(_ row: LabeledValueRow, _ property: ContactProperty) -> String {
        let value: String =
            switch property {
            case .phoneNumbers: DigitSuffixPhoneMatcher.digits(of: row.value)
            case .emailAddresses: row.value.lowercased()
            default: row.value + "\u{1F}" + (row.detail ?? "")
            }
        return (row.label ?? "") + "\u{0}" + value
    }
}
