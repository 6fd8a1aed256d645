/// The conflict policy for a contact that changed on both sides since the last sync (docs/Sync.md):
///
/// 1. Fields only one side changed are merged: the server's card, with the local side's fields put in.
/// 2. A field both sides changed the same way is no conflict.
/// 3. Set-valued fields (`CATEGORIES`) merge as sets; the caller puts the merged set in the local card.
/// 4. A field both sides changed differently is a conflict: the server's card is kept as it is, and the local
///    version is saved as a recoverable copy. Nothing of either side is lost.
///
/// Without a common ancestor (a card created on both sides at once), any difference is a conflict.
/// Pure: cards in, decision out.
enum CardReconciler {
    enum Decision: Equatable {
        /// The server's card is what the contact should be; nothing local to send.
        case takeServer
        /// The contact becomes `merged` (the server's card with the local fields), and those fields are sent.
        case merge(merged: [UInt8], localFields: Set<String>)
        /// The server's card wins; the local version becomes a recoverable copy.
        case conflict(fields: Set<String>)
    }

    /// - Parameters:
    ///   - base: The last synced card, normalized; nil when there is none.
    ///   - local: The local contact's card, normalized.
    ///   - serverRaw: The server's card as sent.
    ///   - server: The server's card, normalized.
    static func reconcile(base: CardLines?, local: CardLines, serverRaw: CardLines, server: CardLines) -> Decision {
        let localFields = CardFields(local)
        let serverFields = CardFields(server)
        guard let base else {
            let differing = localFields.changedFields(comparedTo: serverFields)
            return differing.isEmpty ? .takeServer : .conflict(fields: differing)
        }
        let baseFields = CardFields(base)
        let localChanges = localFields.changedFields(comparedTo: baseFields)
        let serverChanges = serverFields.changedFields(comparedTo: baseFields)
        var toSend: Set<String> = []
        var conflicting: Set<String> = []
        for field in localChanges {
            guard serverChanges.contains(field) else {
                toSend.insert(field)
                continue
            }
            if localFields.entries(of: field) == serverFields.entries(of: field) { continue }
            if CardFields.setFields.contains(field) {
                toSend.insert(field)
            } else {
                conflicting.insert(field)
            }
        }
        if !conflicting.isEmpty { return .conflict(fields: conflicting) }
        if toSend.isEmpty { return .takeServer }
        let merged =
            CardPatcher.patch(serverRaw, replacing: toSend, from: local)
            ?? CardPatcher.patch(server, replacing: toSend, from: local)
            ?? local.bytes
        return .merge(merged: merged, localFields: toSend)
    }

    /// A three-way merge of sets: what both keep, plus what either side added; an element one side removed
    /// stays removed unless the other side added it.
    static func mergeSets<Element: Hashable>(base: Set<Element>, local: Set<Element>, server: Set<Element>) -> Set<
        Element
    > {
        local.intersection(server).union(local.subtracting(base)).union(server.subtracting(base))
    }
}
