import ContactsEngine
import ContactsFormatting
import ContactsModel
import ContactsVCard
import Foundation

/// One import's writing state inside its transaction: the pending batch, groups seen, and the counts.
///
/// Memory stays bounded: one batch of cards, the group cards of the input (few), and the names of the
/// groups `CATEGORIES` created. The match index for cards without a UID is the one exception: it is built,
/// from the container's contacts, only when such a card appears.
struct ContactImportSession {
    let transaction: VCardImportTransaction
    let batchSize: Int
    var summary = ContactImportSummary()

    /// A card waiting for the next flush, with its prepared rows when the reading thread made them.
    typealias Pending = (card: VCardCard, prepared: PreparedContact?)

    private var pending: [Pending] = []
    /// Takes each written batch, to free it elsewhere (the reading thread); nil frees it here.
    var recycle: (([Pending]) -> Void)?
    private var groupCards: [VCardCard] = []
    private var groupsByName: [String: VCardImportTransaction.GroupRow] = [:]
    /// Match key (formatted name, organization, first e-mail or phone) to a contact, for cards without UID.
    private var keyIndex: [String: VCardImportTransaction.Match]?
    private let formatter = CNContactFormatter()

    static let comparedKeys: ContactKeySet = KeyDescriptorExpansion.properties(of: [
        CNContactVCardSerialization.descriptorForRequiredKeys(), CNContactNoteKey as NSString,
        CNContactImageDataKey as NSString,
    ])

    init(transaction: VCardImportTransaction, batchSize: Int) {
        self.transaction = transaction
        self.batchSize = max(1, batchSize)
    }

    /// The writer that prepares a card's rows, for a reading thread; see ``take(_:prepared:)``.
    var preparer: ContactWriter { transaction.preparer }

    /// Takes the next card of the input.
    ///
    /// - Parameters:
    ///   - card: The card.
    ///   - prepared: `preparer.prepare(card.contact.storage)` when another thread already made it; the session
    ///     prepares cards it writes as new contacts itself otherwise.
    mutating func take(_ card: VCardCard, prepared: PreparedContact? = nil) throws {
        summary.cards += 1
        if card.isGroup {
            groupCards.append(card)
            return
        }
        if Self.isEmpty(card) {
            summary.skip(.empty)
            return
        }
        pending.append((card, prepared))
        if pending.count >= batchSize { try flush() }
    }

    /// Whether a card names no one: no name part, nickname, organization, e-mail address or phone number.
    ///
    /// Such cards (a lone note, say) cannot be told apart on a later import, so they are skipped, as the
    /// `contacts` tool always did.
    static func isEmpty(_ card: VCardCard) -> Bool {
        // Reads the fields in place: copying the whole storage retained and released every field per card.
        let contact = card.contact
        return contact.storage.givenName.isEmpty && contact.storage.familyName.isEmpty
            && contact.storage.middleName.isEmpty && contact.storage.namePrefix.isEmpty
            && contact.storage.nameSuffix.isEmpty && contact.storage.nickname.isEmpty
            && contact.storage.organizationName.isEmpty && contact.storage.emailAddresses.isEmpty
            && contact.storage.phoneNumbers.isEmpty
    }

    /// Writes the pending batch: one UID lookup, one read of the matched contacts, then the writes.
    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        // Swapped out rather than copied: copying a batch of cards and prepared rows cost several percent.
        var batch: [Pending] = []
        swap(&batch, &pending)
        defer { recycle?(batch) }
        pending.reserveCapacity(batchSize)
        let uids = batch.compactMap(\.card.uid)
        let matches = try transaction.matches(uids: uids)
        var seenInBatch: Set<String> = []
        var decisions: [(index: Int, match: VCardImportTransaction.Match?)] = []
        decisions.reserveCapacity(batch.count)
        for index in batch.indices {
            let match: VCardImportTransaction.Match?
            if let uid = batch[index].card.uid {
                guard seenInBatch.insert(uid).inserted else {
                    summary.skip(.duplicateInInput)
                    continue
                }
                match = matches[uid]
            } else {
                let key = matchKey(batch[index].card.contact)
                guard seenInBatch.insert("\u{0}" + key).inserted else {
                    summary.skip(.duplicateInInput)
                    continue
                }
                match = try keyMatch(key)
            }
            if let match, match.isFromThisImport {
                summary.skip(.duplicateInInput)
                continue
            }
            decisions.append((index, match))
        }
        let matchedIdentifiers = decisions.compactMap { $0.match?.identifier }
        let stored =
            try matchedIdentifiers.isEmpty
            ? [:] : transaction.stored(identifiers: matchedIdentifiers, keys: Self.comparedKeys)
        for (index, match) in decisions {
            try write(
                batch[index].card, prepared: batch[index].prepared, match: match,
                stored: match.flatMap { stored[$0.identifier] }
            )
        }
    }

    private mutating func write(
        _ card: VCardCard, prepared: PreparedContact?, match: VCardImportTransaction.Match?, stored: StoredVCardContact?
    ) throws {
        let unknown = card.unknownProperties.map(UnknownPropertyCoding.stored)
        let contactID: Int64
        let identifier: String
        if let match {
            if let stored,
                Self.isUnchanged(
                    card, stored: stored, identifier: match.identifier, unknown: unknown,
                    comparesNote: transaction.writesNotes)
            {
                summary.skip(.unchanged)
                try addCategories(card.categories, contactID: match.contactID, identifier: match.identifier)
                return
            }
            var storage = card.contact.storage
            storage.identifier = match.identifier
            try transaction.update(storage, contactID: match.contactID, uid: card.uid, unknownProperties: unknown)
            summary.updated += 1
            (contactID, identifier) = (match.contactID, match.identifier)
        } else {
            let contact = prepared ?? transaction.preparer.prepare(card.contact.storage)
            contactID = try transaction.add(contact, uid: card.uid, unknownProperties: unknown)
            identifier = contact.storage.identifier
            summary.added += 1
            if card.uid == nil, keyIndex != nil {
                let key = matchKey(card.contact)
                keyIndex?[key] = VCardImportTransaction.Match(
                    contactID: contactID, identifier: identifier, isFromThisImport: true)
            }
        }
        try addCategories(card.categories, contactID: contactID, identifier: identifier)
    }

    /// Whether a stored contact already shows everything a card holds, so updating it would change nothing.
    ///
    /// A contact stored without a UID exports its identifier as UID, so that UID counts as the same. An app
    /// without the notes entitlement neither writes nor learns the note, so it is not compared for it (else
    /// "updated" against "unchanged" would tell the app whether the stored contact has one).
    private static func isUnchanged(
        _ card: VCardCard, stored: StoredVCardContact, identifier: String, unknown: [StoredUnknownProperty],
        comparesNote: Bool
    ) -> Bool {
        guard card.uid == stored.uid || (stored.uid == nil && card.uid == identifier),
            stored.unknownProperties == unknown,
            stored.storage.imageData == card.contact.storage.imageData,
            !comparesNote || stored.storage.note == card.contact.storage.note
        else { return false }
        let options = VCardWritingOptions(includesPhoto: false, includesNote: false)
        let current = VCardWriter.data(for: [CNContact(storage: stored.storage)], options: options)
        return current == VCardWriter.data(for: [card.contact], options: options)
    }

    // MARK: Matching without UIDs

    /// The CLI's rule: formatted full name, organization, then the first e-mail (any case) or phone digits.
    private func matchKey(_ contact: CNContact) -> String {
        let name = formatter.string(from: contact) ?? ""
        let organization = contact.organizationName
        if let email = contact.emailAddresses.first {
            return "\(name)\u{1}\(organization)\u{1}e:\((email.value as String).lowercased())"
        }
        let digits = contact.phoneNumbers.first?.value.stringValue.filter(\.isNumber) ?? ""
        return "\(name)\u{1}\(organization)\u{1}p:\(digits)"
    }

    private mutating func keyMatch(_ key: String) throws -> VCardImportTransaction.Match? {
        if keyIndex == nil {
            var index: [String: VCardImportTransaction.Match] = [:]
            let keys = KeyDescriptorExpansion.properties(of: [
                CNContactFormatter.descriptorForRequiredKeys(for: .fullName), CNContactOrganizationNameKey as NSString,
                CNContactEmailAddressesKey as NSString, CNContactPhoneNumbersKey as NSString,
            ])
            try transaction.forEachContact(keys: keys) { storage, id in
                let key = matchKey(CNContact(storage: storage))
                if index[key] == nil {
                    index[key] = transaction.match(id: id, identifier: storage.identifier)
                }
            }
            keyIndex = index
        }
        return keyIndex?[key]
    }

    // MARK: Groups

    private mutating func group(named name: String) throws -> VCardImportTransaction.GroupRow {
        if let found = groupsByName[name] { return found }
        let group: VCardImportTransaction.GroupRow
        if let existing = try transaction.group(named: name) {
            group = existing
        } else {
            group = try transaction.addGroup(named: name)
            summary.groupsCreated += 1
        }
        groupsByName[name] = group
        return group
    }

    private mutating func addCategories(_ categories: [String], contactID: Int64, identifier: String) throws {
        for category in categories where !category.allSatisfy(\.isWhitespace) {
            let group = try group(named: category)
            if try transaction.addMember(contactID: contactID, contactIdentifier: identifier, to: group) {
                summary.membersAdded += 1
            }
        }
    }

    /// Writes the last batch, then the group cards: each group found by name or created, with the members
    /// whose UIDs (or identifiers) the container holds.
    mutating func finish() throws {
        try flush()
        for card in groupCards {
            guard let name = card.groupName, !name.allSatisfy(\.isWhitespace) else {
                summary.skip(.unnamedGroup)
                continue
            }
            let group = try group(named: name)
            let candidates = card.memberUIDs.flatMap { [$0, "urn:uuid:" + $0] }
            let matches = try transaction.matches(uids: candidates)
            for uid in card.memberUIDs {
                guard let match = matches[uid] ?? matches["urn:uuid:" + uid] else { continue }
                if try transaction.addMember(contactID: match.contactID, contactIdentifier: match.identifier, to: group)
                {
                    summary.membersAdded += 1
                }
            }
        }
    }
}
