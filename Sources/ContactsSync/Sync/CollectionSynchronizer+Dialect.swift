import ContactsEngine
import ContactsVCard
import Foundation

extension CollectionSynchronizer {
    /// The dialect a group card is written in.
    static func dialect(ofGroupCard bytes: [UInt8]) -> GroupDialect {
        String(decoding: bytes, as: UTF8.self).uppercased().contains("X-ADDRESSBOOKSERVER-KIND")
            ? .appleGroupCards : .vCard4Kind
    }

    /// Takes the dialect the book's cards showed, unless the person chose one: group cards decide; without
    /// them, contact cards with `CATEGORIES` make it the categories dialect, and the categories of the cards
    /// already downloaded become groups.
    mutating func adoptDetectedDialect() throws {
        guard !capabilities.groupDialectIsChosen else { return }
        let detected = seenGroupCardDialect ?? (sawCategories ? .categories : nil)
        guard let detected, detected != capabilities.groupDialect else { return }
        capabilities.groupDialect = detected
        guard detected == .categories else { return }
        let hrefs = try storing { try store.syncCardTags(containerIdentifier: containerIdentifier) }.keys.sorted()
        for start in stride(from: 0, to: hrefs.count, by: 500) {
            let rows = try storing {
                try store.syncCards(
                    containerIdentifier: containerIdentifier, hrefs: Array(hrefs[start..<min(start + 500, hrefs.count)])
                )
            }
            let memberships: [(String, [String])] = rows.values.compactMap { row in
                guard row.kind == .contact, let identifier = row.objectIdentifier, let base = row.base,
                    let card = try? SyncCardCodec.parse([UInt8](base)), !card.categories.isEmpty
                else { return nil }
                return (identifier, card.categories)
            }
            guard !memberships.isEmpty else { continue }
            let (_, changed) = try write { transaction in
                for (identifier, names) in memberships {
                    try transaction.setGroups(ofContact: identifier, names: names)
                }
            }
            changedStore = changedStore || changed
        }
    }
}
