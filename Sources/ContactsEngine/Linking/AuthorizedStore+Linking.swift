import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// Links contacts into one unified contact, in one write transaction recorded in the change history.
    ///
    /// - Throws: `recordDoesNotExist` for an unknown identifier; `identifierInvalid` when the preferred
    ///   identifier is not among the linked cards.
    package func link(_ identifiers: [String], preferredIdentifier: String?) throws {
        try write { db in
            let cards = try identifiers.map { try Self.requireCard($0, in: db) }
            var preferred: LinkedCard?
            if let preferredIdentifier {
                let card = try Self.requireCard(preferredIdentifier, in: db)
                let members = try cards.flatMap { try $0.unifiedMembers(in: db) }
                guard members.contains(where: { $0.id == card.id }) else {
                    throw StoreError(
                        .identifierInvalid, "contact \(preferredIdentifier) is not among the linked contacts",
                        affectedIdentifiers: [preferredIdentifier]
                    )
                }
                preferred = card
            }
            let transaction = try HistoryLog.beginTransaction(author: nil, in: db)
            try ContactLinker.link(cards, preferred: preferred, transactionID: transaction, in: db)
        }
    }

    /// Detaches contacts from their unified contacts and keeps them apart from the cards they left.
    package func unlink(_ identifiers: [String]) throws {
        try write { db in
            let transaction = try HistoryLog.beginTransaction(author: nil, in: db)
            for identifier in identifiers {
                // Read again each time: an earlier unlink may have changed this card's unified contact.
                try ContactLinker.unlink(Self.requireCard(identifier, in: db), transactionID: transaction, in: db)
            }
        }
    }

    /// Remembers that two contacts are different people, detaching the second when they are linked.
    package func keepSeparate(_ first: String, _ second: String) throws {
        try write { db in
            let one = try Self.requireCard(first, in: db)
            let other = try Self.requireCard(second, in: db)
            try ContactLinker.keepSeparate(one.id, other.id, in: db)
            if let person = one.personID, other.personID == person {
                let transaction = try HistoryLog.beginTransaction(author: nil, in: db)
                try ContactLinker.unlink(other, transactionID: transaction, in: db)
            }
        }
    }

    /// Why a contact is linked, or nil when it is not.
    ///
    /// A limited app sees the links among the cards it may see only, as a store holding just those cards would
    /// have them: a card linked to nothing visible reads as not linked, and a reason that names a hidden card
    /// names no card, and keeps only the matched values of visible cards.
    package func linkReason(forContact identifier: String) throws -> ContactLinkReason? {
        try read { db in
            let card = try Self.requireCard(identifier, in: db)
            guard var reason = try ContactLinker.reason(forContact: identifier, in: db) else { return nil }
            guard let visibility = access.visibility else { return reason }
            let members = try card.unifiedMembers(in: db).filter { try visibility.contains($0.identifier, in: db) }
            guard members.count > 1 else { return nil }
            if let matched = reason.matchedContactIdentifier, !members.contains(where: { $0.identifier == matched }) {
                reason.matchedContactIdentifier = nil
            }
            let visibleValues = try Set(
                String.fetchAll(
                    db,
                    sql: "SELECT identifier FROM contact_value WHERE contact_id IN (SELECT value FROM json_each(?))",
                    arguments: [JSONList.encode(members.map(\.id))]))
            reason.matchedValueIdentifiers = reason.matchedValueIdentifiers.filter(visibleValues.contains)
            return reason
        }
    }

    /// The identifiers of a contact's linked cards, preferred first; just its own when it is not linked.
    package func linkedIdentifiers(ofContact identifier: String) throws -> [String] {
        try read { db in
            try Self.requireCard(identifier, in: db).unifiedMembers(in: db).map(\.identifier)
        }
    }

    private static func requireCard(_ identifier: String, in db: Database) throws -> LinkedCard {
        guard let card = try LinkedCard.fetch(identifier: identifier, in: db) else {
            throw StoreError(
                .recordDoesNotExist, "contact \(identifier) does not exist", affectedIdentifiers: [identifier])
        }
        return card
    }
}
