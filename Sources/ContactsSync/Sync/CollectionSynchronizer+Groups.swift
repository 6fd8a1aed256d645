import ContactsEngine
import ContactsVCard
import Foundation

extension CollectionSynchronizer {
    /// Writes group cards after every contact of the download, so members resolve by UID.
    ///
    /// A group changed on both sides merges: members as sets, the name from the side that renamed it; a name
    /// both sides changed differently keeps the server's group and saves the local one as a copy.
    mutating func applyGroupCards(_ cards: [(ServerCard, VCardCard)]) throws {
        guard !cards.isEmpty else { return }
        let stored = try storing {
            try store.syncCards(containerIdentifier: containerIdentifier, hrefs: cards.map(\.0.href))
        }
        let changedHere = cards.compactMap { stored[$0.0.href]?.objectIdentifier }.filter { pendingGroups.contains($0) }
        let snapshots = try storing {
            try store.syncGroupSnapshots(containerIdentifier: containerIdentifier, identifiers: changedHere)
        }
        let snapshotByIdentifier = Dictionary(
            snapshots.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let codec = self.codec
        let removals = localRemovals
        let (outcome, changed) = try write { transaction in
            var outcome = GroupOutcome()
            for (server, card) in cards {
                let row = stored[server.href]
                let serverModel = GroupModel(
                    name: card.groupName ?? "", members: Set(card.memberUIDs.map(SyncCardCodec.bareUID)))
                var model = serverModel
                var keepsLocalMembers: Set<String> = []
                if let identifier = row?.objectIdentifier, let snapshot = snapshotByIdentifier[identifier],
                    let base = row?.base.flatMap({ try? SyncCardCodec.parse([UInt8]($0)) })
                {
                    let baseModel = GroupModel(
                        name: base.groupName ?? "", members: Set(base.memberUIDs.map(SyncCardCodec.bareUID)))
                    let local = GroupModel(
                        name: snapshot.name,
                        members: Set(snapshot.members.compactMap { $0.uid.map(SyncCardCodec.bareUID) }))
                    if let merged = GroupModel.merge(base: baseModel, local: local, server: serverModel) {
                        model = merged
                        // Members created here have no UID until their cards are sent; they stay members.
                        keepsLocalMembers = Set(snapshot.members.filter { $0.uid == nil }.map(\.contactIdentifier))
                        outcome.merged += 1
                    } else {
                        let copy = codec.groupCard(
                            uid: row?.uid ?? identifier, name: snapshot.name, memberUIDs: local.members.sorted(),
                            unknownProperties: [])
                        try transaction.saveConflict(
                            objectIdentifier: identifier, href: server.href, localCard: Data(copy),
                            reason: "both sides renamed the group")
                        outcome.conflicts += 1
                        outcome.settled.append(identifier)
                    }
                } else if row?.objectIdentifier != nil, removals[server.href] != nil {
                    outcome.conflicts += 1
                    outcome.restored.append(server.href)
                }
                let group: VCardImportTransaction.GroupRow
                if let identifier = row?.objectIdentifier, let existing = try transaction.group(identifier: identifier)
                {
                    group = existing
                    try transaction.renameGroup(group, to: model.name)
                } else {
                    group = try transaction.addGroup(named: model.name)
                }
                let uids = Array(model.members)
                let found = try transaction.contactIdentifiers(uids: uids + uids.map { "urn:uuid:" + $0 })
                let members = Set(uids.compactMap { found[$0] ?? found["urn:uuid:" + $0] }).union(keepsLocalMembers)
                try transaction.setMembers(of: group, contactIdentifiers: members)
                try transaction.save(
                    SyncCardRow(
                        href: server.href, etag: server.etag, kind: .group, objectIdentifier: group.identifier,
                        uid: card.uid,
                        base: Data(server.bytes)))
                outcome.downloaded += 1
            }
            return outcome
        }
        changedStore = changedStore || changed
        summary.downloaded += outcome.downloaded
        summary.merged += outcome.merged
        summary.conflicts += outcome.conflicts
        for identifier in outcome.settled { pendingGroups.remove(identifier) }
        for href in outcome.restored { localRemovals[href] = nil }
    }

    /// Sends local group changes as group cards in the book's dialect.
    mutating func uploadGroups() async throws {
        guard !pendingGroups.isEmpty else { return }
        let snapshots = try storing {
            try store.syncGroupSnapshots(containerIdentifier: containerIdentifier, identifiers: pendingGroups.sorted())
        }
        for snapshot in snapshots {
            try await upload(group: snapshot, attempt: 0)
        }
    }

    private mutating func upload(group snapshot: SyncGroupSnapshot, attempt: Int) async throws {
        let row = snapshot.card
        let base = row?.base.flatMap { try? SyncCardCodec.parse([UInt8]($0)) }
        let localMembers = Set(snapshot.members.compactMap { $0.uid.map(SyncCardCodec.bareUID) })
        // Members the server lists that are not contacts here (cards this store skipped) stay members.
        let baseMembers = Set(base?.memberUIDs.map(SyncCardCodec.bareUID) ?? [])
        let found = try storing {
            try store.syncContactIdentifiers(
                containerIdentifier: containerIdentifier, uids: baseMembers.flatMap { [$0, "urn:uuid:" + $0] })
        }
        let foreign = baseMembers.filter { found[$0] == nil && found["urn:uuid:" + $0] == nil }
        let local = GroupModel(name: snapshot.name, members: localMembers.union(foreign))
        if let row, row.state == .synced, let base {
            guard local != GroupModel(name: base.groupName ?? "", members: baseMembers) else { return }
            _ = row
        }
        let uid = row?.uid ?? Self.newUID(for: snapshot.identifier)
        let body = codec.groupCard(
            uid: uid, name: local.name, memberUIDs: local.members.sorted(),
            unknownProperties: base?.unknownProperties ?? [])
        let isNew = row == nil || row?.state == .pendingCreate
        let href = try row?.href ?? newHref(uid: uid)
        if row == nil {
            let (_, _) = try write { transaction in
                try transaction.save(
                    SyncCardRow(
                        href: href, etag: nil, kind: .group, objectIdentifier: snapshot.identifier, uid: uid, base: nil,
                        state: .pendingCreate))
            }
        }
        let response = try await put(body, href: href, ifMatch: isNew ? nil : row?.etag)
        switch response.status {
        case 200..<300:
            let (_, _) = try write { transaction in
                try transaction.save(
                    SyncCardRow(
                        href: href, etag: response.etag, kind: .group, objectIdentifier: snapshot.identifier, uid: uid,
                        base: Data(body)))
            }
            summary.uploaded += 1
        case 412 where attempt < 3:
            // Changed on the server since: merge it in, then send the merge.
            let fetched = try await CardFetcher(
                client: client, bookURL: bookURL, usesMultiget: capabilities.supportsMultiget
            ).fetch([href])
            if let server = fetched.cards.first, let card = try? SyncCardCodec.parse(server.bytes) {
                try applyGroupCards([(server, card)])
            }
            let again = try storing {
                try store.syncGroupSnapshots(
                    containerIdentifier: containerIdentifier, identifiers: [snapshot.identifier])
            }
            if pendingGroups.contains(snapshot.identifier), let next = again.first {
                try await upload(group: next, attempt: attempt + 1)
            }
        default:
            try refuse(response, href: href, objectIdentifier: snapshot.identifier)
        }
    }
}

/// What one group transaction did.
struct GroupOutcome {
    var downloaded = 0
    var merged = 0
    var conflicts = 0
    var settled: [String] = []
    var restored: [String] = []
}
