import ContactsModel
import Foundation
import GRDB

/// Links and unlinks contact cards inside a write transaction, and writes the unified-history rows each
/// link change implies.
///
/// Rules (docs/Linking.md): a unified contact carries its preferred card's identifier. Linking cards that
/// already belong to unified contacts merges those unified contacts. The preferred card is the one asked
/// for, else the preferred card of the first card's unified contact, else the card in the default
/// container, else the oldest card. When the preferred card goes (deleted or unlinked), the oldest
/// remaining card becomes preferred; a unified contact left with one card dissolves.
package enum ContactLinker {
    /// What a new link row records about why it exists.
    package struct Reason: Sendable {
        package var rule: ContactLinkReason.Rule
        package var matchedContactID: Int64?
        package var matchedValues: [String]

        package static let manual = Reason(rule: .manual, matchedContactID: nil, matchedValues: [])
    }

    /// The identifier of the unified contact a card belongs to (its preferred card's), or nil when the card
    /// is not linked or does not exist.
    package static func unifiedIdentifier(ofContact identifier: String, in db: Database) throws -> String? {
        try String.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT preferred.identifier FROM contact AS card
                    JOIN link AS mine ON mine.contact_id = card.id
                    JOIN link AS top ON top.person_id = mine.person_id AND top.is_preferred = 1
                    JOIN contact AS preferred ON preferred.id = top.contact_id
                    WHERE card.identifier = ?
                    """
            ),
            arguments: [identifier]
        )
    }

    /// Links cards into one unified contact; cards already linked bring their unified contacts along.
    ///
    /// - Parameters:
    ///   - cards: The cards to link; fewer than two distinct unified contacts is a no-op.
    ///   - preferred: The card whose identifier the unified contact carries, or nil for the default rule.
    ///   - reasons: The reason to record per newly linked card row id; cards not in it get `manual`.
    package static func link(
        _ cards: [LinkedCard], preferred: LinkedCard?, reasons: [Int64: Reason] = [:], transactionID: Int64,
        in db: Database
    ) throws {
        var members: [LinkedCard] = []
        var seen = Set<Int64>()
        var oldUnified: [String] = []
        for card in cards {
            for member in try card.unifiedMembers(in: db) where seen.insert(member.id).inserted {
                members.append(member)
                if member.personID == nil || member.isPreferred { oldUnified.append(member.identifier) }
            }
        }
        guard oldUnified.count > 1 || (preferred.map { !oldUnified.contains($0.identifier) } ?? false) else { return }
        let chosen = try preferred ?? members.first { $0.isPreferred } ?? defaultPreferred(members, in: db)
        let existingPerson = members.compactMap(\.personID).min()
        let person = try existingPerson ?? nextPersonID(in: db)
        let now = Date().timeIntervalSince1970
        for member in members {
            if member.personID != nil {
                try db.cachedStatement(sql: "UPDATE link SET person_id = ?, is_preferred = ? WHERE contact_id = ?")
                    .execute(arguments: [person, member.id == chosen.id, member.id])
            } else {
                let reason = reasons[member.id] ?? .manual
                try db.cachedStatement(
                    sql: """
                        INSERT INTO link (contact_id, person_id, is_preferred, rule, matched_contact_id, matched_values, linked_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [
                    member.id, person, member.id == chosen.id, reason.rule.rawValue, reason.matchedContactID,
                    JSONList.encode(reason.matchedValues), now,
                ])
            }
        }
        for identifier in oldUnified where identifier != chosen.identifier {
            try HistoryLog.insert(
                .deleteContact, identifier, related: nil, view: .unified, transactionID: transactionID, in: db)
        }
        let operation: ChangeOperation = oldUnified.contains(chosen.identifier) ? .updateContact : .addContact
        try HistoryLog.insert(
            operation, chosen.identifier, related: nil, view: .unified, transactionID: transactionID, in: db)
    }

    /// Detaches a card from its unified contact and remembers to keep it apart from the other cards.
    package static func unlink(_ card: LinkedCard, transactionID: Int64, in db: Database) throws {
        guard card.personID != nil else { return }
        let members = try card.unifiedMembers(in: db)
        for other in members where other.id != card.id {
            try keepSeparate(card.id, other.id, in: db)
        }
        let view = try detach(card, members: members, transactionID: transactionID, in: db)
        try db.cachedStatement(sql: "DELETE FROM link WHERE contact_id = ?").execute(arguments: [card.id])
        // The detached card is a unified contact of its own again.
        let operation: ChangeOperation = view == .both ? .updateContact : .addContact
        try HistoryLog.insert(
            operation, card.identifier, related: nil, view: .unified, transactionID: transactionID, in: db)
    }

    /// Keeps the link bookkeeping right before a card is deleted.
    ///
    /// - Returns: The view of the card's delete row: `.both` when the card was a unified contact of its own
    ///   (unlinked, or preferred), `.perContainer` when unified readers see an update instead.
    package static func contactWillBeDeleted(_ identifier: String, transactionID: Int64, in db: Database) throws
        -> HistoryView
    {
        guard let card = try LinkedCard.fetch(identifier: identifier, in: db), card.personID != nil else {
            return .both
        }
        return try detach(card, members: card.unifiedMembers(in: db), transactionID: transactionID, in: db)
    }

    /// Fixes the rest of a unified contact when one card leaves it, and writes what unified readers see.
    private static func detach(_ card: LinkedCard, members: [LinkedCard], transactionID: Int64, in db: Database) throws
        -> HistoryView
    {
        let remaining = members.filter { $0.id != card.id }
        if remaining.count == 1 {
            try db.cachedStatement(sql: "DELETE FROM link WHERE contact_id = ?").execute(arguments: [remaining[0].id])
        }
        guard card.isPreferred else {
            if let preferred = remaining.first(where: \.isPreferred) {
                try HistoryLog.insert(
                    .updateContact, preferred.identifier, related: nil, view: .unified, transactionID: transactionID,
                    in: db)
            }
            return .perContainer
        }
        guard let successor = remaining.first else { return .both }
        if remaining.count > 1 {
            try db.cachedStatement(sql: "UPDATE link SET is_preferred = 1 WHERE contact_id = ?").execute(arguments: [
                successor.id
            ])
        }
        try HistoryLog.insert(
            .addContact, successor.identifier, related: nil, view: .unified, transactionID: transactionID, in: db)
        return .both
    }

    /// Remembers that two cards are different people; automatic linking never joins them.
    package static func keepSeparate(_ first: Int64, _ second: Int64, in db: Database) throws {
        guard first != second else { return }
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO keep_separate (low_id, high_id) VALUES (?, ?)")
            .execute(arguments: [min(first, second), max(first, second)])
    }

    /// Whether a person asked to keep two cards apart.
    package static func areKeptSeparate(_ first: Int64, _ second: Int64, in db: Database) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM keep_separate WHERE low_id = ? AND high_id = ?)"),
            arguments: [min(first, second), max(first, second)]
        ) ?? false
    }

    /// Why a card is linked, or nil when it is not.
    package static func reason(forContact identifier: String, in db: Database) throws -> ContactLinkReason? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT link.rule, matched.identifier, link.matched_values, link.linked_at
                    FROM contact JOIN link ON link.contact_id = contact.id
                    LEFT JOIN contact AS matched ON matched.id = link.matched_contact_id
                    WHERE contact.identifier = ?
                    """,
                arguments: [identifier]
            )
        else { return nil }
        let values = (try? JSONSerialization.jsonObject(with: Data((row[2] as String).utf8))) as? [String] ?? []
        return ContactLinkReason(
            rule: ContactLinkReason.Rule(rawValue: row[0]) ?? .manual,
            matchedContactIdentifier: row[1],
            matchedValueIdentifiers: values,
            date: Date(timeIntervalSince1970: row[3])
        )
    }

    /// The card in the default container, else the oldest.
    private static func defaultPreferred(_ members: [LinkedCard], in db: Database) throws -> LinkedCard {
        let defaultContainer = try ContainerRow.fetchDefault(in: db)?.id
        let sorted = members.sorted { $0.id < $1.id }
        guard let first = sorted.first(where: { $0.containerID == defaultContainer }) ?? sorted.first else {
            throw StoreError(.databaseFailure, "linking needs at least one card")
        }
        return first
    }

    private static func nextPersonID(in db: Database) throws -> Int64 {
        try (Int64.fetchOne(db.cachedStatement(sql: "SELECT max(person_id) FROM link")) ?? 0) + 1
    }
}
