import ContactsModel
import Foundation
import GRDB

/// Links the contacts a save added or changed to the cards in other containers that are the same person.
///
/// Two cards are the same person when their folded names are equal (given and family name, or the
/// organization name for organizations) and they share an e-mail address (case-insensitive) or a phone
/// number (an exact or national-significant-number match). Cards in the same container are never linked
/// automatically, nor cards a person asked to keep separate, nor a card already linked. Each link records
/// its rule and the matching values' identifiers (``ContactLinkReason``).
package enum AutomaticLinking {
    /// The most same-name cards compared with one saved card, so a very common name stays cheap.
    package static let candidateLimit = 200

    package static func linkSavedContacts(transactionID: Int64, in db: Database) throws {
        // Automatic links join containers; a store with one container has nothing to link.
        guard try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM container")) ?? 0 > 1 else { return }
        let saved = try String.fetchAll(
            db.cachedStatement(
                sql:
                    "SELECT DISTINCT identifier FROM change_log WHERE transaction_id = ? AND operation IN (?, ?) AND view != ?"
            ),
            arguments: [
                transactionID, ChangeOperation.addContact.rawValue, ChangeOperation.updateContact.rawValue,
                HistoryView.unified.rawValue,
            ]
        )
        for identifier in saved {
            guard let card = try LinkedCard.fetch(identifier: identifier, in: db), card.personID == nil,
                let profile = try MatchProfile.fetch(contactID: card.id, in: db), !profile.name.isEmpty,
                !profile.emails.isEmpty || !profile.phones.isEmpty
            else { continue }
            guard let match = try bestMatch(for: card, profile: profile, in: db) else { continue }
            let reasons: [Int64: ContactLinker.Reason] = [
                card.id: ContactLinker.Reason(
                    rule: match.rule, matchedContactID: match.card.id, matchedValues: match.values),
                match.card.id: ContactLinker.Reason(
                    rule: match.rule, matchedContactID: card.id, matchedValues: Array(match.values.reversed())
                ),
            ]
            try ContactLinker.link(
                [match.card, card], preferred: nil, reasons: reasons, transactionID: transactionID, in: db)
        }
    }

    private struct Match {
        var card: LinkedCard
        var rule: ContactLinkReason.Rule
        var values: [String]
    }

    private static func bestMatch(for card: LinkedCard, profile: MatchProfile, in db: Database) throws -> Match? {
        for candidateID in try sameNameCandidates(profile, excluding: card.id, in: db) {
            guard let candidate = try LinkedCard.fetch(id: candidateID, in: db),
                candidate.containerID != card.containerID,
                try !ContactLinker.areKeptSeparate(card.id, candidate.id, in: db),
                let other = try MatchProfile.fetch(contactID: candidate.id, in: db), other.name == profile.name
            else { continue }
            let members = try candidate.unifiedMembers(in: db)
            guard !members.contains(where: { $0.containerID == card.containerID }) else { continue }
            if let values = profile.sharedEmail(with: other) {
                return Match(card: candidate, rule: .sameNameAndEmailAddress, values: values)
            }
            if let values = profile.sharedPhone(with: other) {
                return Match(card: candidate, rule: .sameNameAndPhoneNumber, values: values)
            }
        }
        return nil
    }

    /// Cards whose name index holds every word of the name, oldest first.
    private static func sameNameCandidates(_ profile: MatchProfile, excluding id: Int64, in db: Database) throws
        -> [Int64]
    {
        let words = Array(Set(profile.words)).sorted()
        guard !words.isEmpty else { return [] }
        // A word's contacts are in the large index or staged (IndexStaging): each word reads both.
        let ranges = Array(
            repeating:
                "SELECT contact_id FROM (SELECT contact_id FROM name_index WHERE token = ? UNION ALL SELECT contact_id FROM name_index_staged WHERE token = ?)",
            count: words.count)
        let sql = ranges.joined(separator: " INTERSECT ") + " ORDER BY 1 LIMIT \(candidateLimit + 1)"
        return try Int64.fetchAll(
            db.cachedStatement(sql: sql), arguments: StatementArguments(words.flatMap { [$0, $0] })
        )
        .filter { $0 != id }
    }
}
