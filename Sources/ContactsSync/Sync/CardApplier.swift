import ContactsEngine
import ContactsModel
import ContactsVCard
import Foundation

/// Writes server cards into the store inside a sync transaction, and decides what a card changed on both sides
/// becomes. Holds no state of the sync, so it can be used inside a transaction's closure.
struct CardApplier {
    let codec: SyncCardCodec

    // MARK: Deciding

    /// What a contact card from the server does locally.
    ///
    /// - Parameters:
    ///   - row: What the store knows of the card's href.
    ///   - snapshot: The local contact, when it has local changes to reconcile.
    ///   - hasLocalChanges: Whether the local contact changed since the last sync.
    ///   - locallyRemoved: Whether the local contact was deleted since the last sync.
    func decide(
        _ card: VCardCard, server: ServerCard, row: SyncCardRow?, snapshot: SyncContactSnapshot?, hasLocalChanges: Bool,
        locallyRemoved: Bool
    ) -> ContactAction {
        guard let row, row.kind == .contact, let identifier = row.objectIdentifier else {
            return .apply(identifier: nil, exists: false)
        }
        if locallyRemoved { return .restore(identifier: identifier) }
        guard hasLocalChanges || row.state != .synced else { return .apply(identifier: identifier, exists: true) }
        guard var snapshot else { return .restore(identifier: identifier) }
        let base = row.state == .pendingCreate ? nil : row.base.flatMap { try? SyncCardCodec.parse([UInt8]($0)) }
        let uid = snapshot.uid ?? card.uid ?? identifier
        if codec.dialect == .categories, let base {
            snapshot.groupNames = CardReconciler.mergeSets(
                base: Set(base.categories), local: Set(snapshot.groupNames), server: Set(card.categories)
            ).sorted()
        }
        let localCard = codec.card(for: snapshot, uid: uid)
        let local = CardLines(codec.bytes(localCard))
        let decision = CardReconciler.reconcile(
            base: base.map(codec.normalized), local: local, serverRaw: CardLines(server.bytes),
            server: codec.normalized(card))
        switch decision {
        case .takeServer:
            return .apply(identifier: identifier, exists: true)
        case .merge(let merged, _):
            guard let mergedCard = try? SyncCardCodec.parse(merged) else {
                return .conflict(identifier: identifier, localCopy: local.bytes, fields: [])
            }
            return .applyMerged(card: mergedCard, bytes: merged, identifier: identifier)
        case .conflict(let fields):
            return .conflict(identifier: identifier, localCopy: local.bytes, fields: fields)
        }
    }

    // MARK: Writing

    /// Writes a contact card and records its href: over an existing contact, or as a new one (with the given
    /// identifier when one is given, to bring a deleted contact back under its identifier).
    ///
    /// - Returns: The contact's identifier.
    @discardableResult
    func writeContact(
        _ card: VCardCard, base: [UInt8], server: ServerCard, identifier: String?, exists: Bool,
        in transaction: SyncTransaction
    ) throws -> String {
        var storage = card.contact.storage
        if let identifier { storage.identifier = identifier }
        let unknown = SyncCardCodec.stored(card)
        if exists {
            try transaction.updateContact(storage, uid: card.uid, unknownProperties: unknown)
        } else {
            try transaction.addContact(storage, uid: card.uid, unknownProperties: unknown)
        }
        if codec.dialect == .categories {
            try transaction.setGroups(ofContact: storage.identifier, names: card.categories)
        }
        try transaction.save(
            SyncCardRow(
                href: server.href, etag: server.etag, kind: .contact, objectIdentifier: storage.identifier,
                uid: card.uid,
                base: Data(base)))
        return storage.identifier
    }

    /// Writes what a decision says, returning how the summary counts it.
    func perform(
        _ action: ContactAction, card: VCardCard, server: ServerCard, href: String, in transaction: SyncTransaction
    ) throws -> Counted {
        switch action {
        case .apply(let identifier, let exists):
            var exists = exists
            if exists, let identifier { exists = try transaction.contactID(identifier: identifier) != nil }
            try writeContact(
                card, base: server.bytes, server: server, identifier: identifier, exists: exists, in: transaction)
            return .downloaded
        case .applyMerged(let merged, _, let identifier):
            // The merged fields go into the contact; the card the store keeps as the server's is the server's,
            // so the upload sends exactly the local fields.
            try writeContact(
                merged, base: server.bytes, server: server, identifier: identifier, exists: true, in: transaction)
            return .merged
        case .conflict(let identifier, let copy, let fields):
            try transaction.saveConflict(
                objectIdentifier: identifier, href: href, localCard: Data(copy),
                reason: "both sides changed " + fields.sorted().joined(separator: ", "))
            let exists = try transaction.contactID(identifier: identifier) != nil
            try writeContact(
                card, base: server.bytes, server: server, identifier: identifier, exists: exists, in: transaction)
            return .conflict
        case .restore(let identifier):
            let exists = try transaction.contactID(identifier: identifier) != nil
            try writeContact(
                card, base: server.bytes, server: server, identifier: identifier, exists: exists, in: transaction)
            return .conflict
        }
    }

    /// How a written card counts in the summary.
    enum Counted {
        case downloaded
        case merged
        case conflict
    }

    /// The validation code of a store error, when the store refused a contact as invalid; nil for other errors,
    /// which stop the sync.
    static func validationCode(of error: any Error) -> Int? {
        let cnError = (error as? CNError) ?? StoreError.wrapping(error).contactsError
        let code = cnError.code.rawValue
        // 300-399: validation; 102: keys; 205: malformed identifier.
        return (300..<400).contains(code) || code == 205 ? code : nil
    }
}
