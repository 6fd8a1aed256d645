import ContactsEngine
import ContactsVCard
import Foundation

extension CollectionSynchronizer {
    /// Sends local contact changes: new cards with `If-None-Match: *`, changed ones with `If-Match`, each card
    /// recorded before its request so an interrupted upload is neither lost nor sent twice.
    mutating func uploadContacts() async throws {
        let identifiers = pendingContacts
        guard !identifiers.isEmpty else { return }
        var done = 0
        report(.uploading, 0, identifiers.count)
        for start in stride(from: 0, to: identifiers.count, by: 100) {
            let chunk = Array(identifiers[start..<min(start + 100, identifiers.count)]).filter {
                pendingContactSet.contains($0)
            }
            let snapshots = try storing {
                try store.syncContactSnapshots(containerIdentifier: containerIdentifier, identifiers: chunk)
            }
            for snapshot in snapshots {
                try await upload(contact: snapshot, attempt: 0)
                done += 1
                report(.uploading, done, identifiers.count)
            }
        }
    }

    private mutating func upload(contact snapshot: SyncContactSnapshot, attempt: Int) async throws {
        let identifier = snapshot.storage.identifier
        let uid = snapshot.uid ?? snapshot.card?.uid ?? Self.newUID(for: identifier)
        let local = CardLines(codec.bytes(codec.card(for: snapshot, uid: uid)))
        guard let row = snapshot.card, row.kind == .contact, row.state != .pendingCreate else {
            try await create(snapshot, uid: uid, local: local, row: snapshot.card, attempt: attempt)
            return
        }
        guard let etag = row.etag, let base = row.base else {
            // The server's version is unknown: read it first, then merge.
            try await reconcileWithServer(snapshot, row: row, attempt: attempt)
            return
        }
        let baseCard = try? SyncCardCodec.parse([UInt8](base))
        let fields = baseCard.map { CardFields(local).changedFields(comparedTo: CardFields(codec.normalized($0))) }
        if let fields, fields.isEmpty {
            if row.state == .pendingUpdate { try markSynced(row) }
            return
        }
        let body =
            fields.flatMap { CardPatcher.patch(CardLines([UInt8](base)), replacing: $0, from: local) }
            ?? CardPatcher.withLineBreaks(local.bytes, [13, 10])
        let response = try await put(body, href: row.href, ifMatch: etag)
        switch response.status {
        case 200..<300:
            try record(body, row: row, identifier: identifier, uid: uid, etag: response.etag)
            summary.uploaded += 1
            serverFailuresInARow = 0
        case 412:
            try await reconcileWithServer(snapshot, row: row, attempt: attempt)
        case 404, 410:
            // Removed on the server meanwhile: the local edit goes back up as a new card.
            summary.conflicts += 1
            try await create(snapshot, uid: uid, local: local, row: row, attempt: attempt)
        default:
            try refuse(response, href: row.href, objectIdentifier: identifier, pending: row)
        }
    }

    /// Sends a contact that is not on the server yet, at its recorded href or a new one.
    private mutating func create(
        _ snapshot: SyncContactSnapshot, uid: String, local: CardLines, row: SyncCardRow?, attempt: Int
    ) async throws {
        let identifier = snapshot.storage.identifier
        let href = try row?.href ?? newHref(uid: uid)
        let pending = SyncCardRow(
            href: href, etag: nil, kind: .contact, objectIdentifier: identifier, uid: uid, base: nil,
            state: .pendingCreate)
        if row?.state != .pendingCreate {
            let needsUID = snapshot.uid == nil
            let (_, changed) = try write { transaction in
                try transaction.save(pending)
                if needsUID { try transaction.setUID(uid, ofContact: identifier) }
            }
            changedStore = changedStore || changed
        }
        let body = CardPatcher.withLineBreaks(local.bytes, [13, 10])
        let response = try await put(body, href: href, ifNoneMatch: true)
        switch response.status {
        case 200..<300:
            try record(body, row: pending, identifier: identifier, uid: uid, etag: response.etag)
            summary.uploaded += 1
            serverFailuresInARow = 0
        case 412:
            // Something is at the href already (an earlier upload that got no answer, or another client), or
            // the server names a precondition of its own (Xandikos refuses cards it cannot read with 412).
            try await reconcileWithServer(snapshot, row: pending, attempt: attempt, refusal: response)
        default:
            try refuse(response, href: href, objectIdentifier: identifier)
        }
    }

    /// Reads the server's card, reconciles it with the local contact, writes the result, and sends what is
    /// left to send.
    ///
    /// - Parameter refusal: The answer to a create; when nothing is at the href, it was a refusal of the card.
    private mutating func reconcileWithServer(
        _ snapshot: SyncContactSnapshot, row: SyncCardRow, attempt: Int, refusal: DAVResponse? = nil
    ) async throws {
        guard attempt < 3 else {
            throw SyncError(.unexpectedStatus, "PUT: card \(row.href) kept changing on the server", status: 412)
        }
        let fetcher = CardFetcher(client: client, bookURL: bookURL, usesMultiget: capabilities.supportsMultiget)
        let fetched = try await fetcher.fetch([row.href])
        // A server failing on the card it just refused is failing: the sync stops here (the card stays
        // pending) rather than reading the card as absent and creating it again.
        if let failure = fetched.failed.first {
            throw DAVClient.statusError(failure.status, method: "REPORT")
        }
        guard let server = fetched.cards.first else {
            if let refusal {
                try refuse(refusal, href: row.href, objectIdentifier: snapshot.storage.identifier)
                return
            }
            var pending = row
            pending.etag = nil
            pending.base = nil
            pending.state = .pendingCreate
            var next = snapshot
            next.card = pending
            try await upload(contact: next, attempt: attempt + 1)
            return
        }
        let card: VCardCard
        do {
            card = try SyncCardCodec.parse(server.bytes)
        } catch {
            // The server's card cannot be read: leave both as they are and report it.
            summary.skipped.append(
                SkippedCard(href: row.href, objectIdentifier: snapshot.storage.identifier, reason: error))
            return
        }
        let applier = CardApplier(codec: codec)
        let action = applier.decide(
            card, server: server, row: row, snapshot: snapshot, hasLocalChanges: true, locallyRemoved: false)
        let (counted, changed) = try write { transaction in
            try applier.perform(action, card: card, server: server, href: row.href, in: transaction)
        }
        changedStore = changedStore || changed
        switch counted {
        case .conflict:
            summary.conflicts += 1
            settle(contact: snapshot.storage.identifier)
        case .merged, .downloaded:
            if case .merged = counted { summary.merged += 1 }
            guard case .applyMerged = action else {
                settle(contact: snapshot.storage.identifier)
                return
            }
            let again = try storing {
                try store.syncContactSnapshots(
                    containerIdentifier: containerIdentifier, identifiers: [snapshot.storage.identifier])
            }
            if let next = again.first { try await upload(contact: next, attempt: attempt + 1) }
        }
    }

    /// Deletes on the server the cards whose contacts or groups were deleted locally.
    mutating func deleteOnServer() async throws {
        for href in localRemovals.keys.sorted() {
            guard let row = localRemovals[href] else { continue }
            if row.kind == .unreadable {
                try forget(href)
                continue
            }
            var headers: [(name: String, value: String)] = []
            if let etag = row.etag, row.state != .pendingCreate { headers.append(("If-Match", etag)) }
            let (response, _) = try await client.send(
                DAVRequest(method: "DELETE", url: try url(of: href), headers: headers))
            switch response.status {
            case 200..<300:
                try forget(href)
                summary.deletedOnServer += 1
            case 404, 410:
                try forget(href)
            case 412:
                // Changed on the server after the local deletion: the server's version comes back.
                let fetched = try await CardFetcher(
                    client: client, bookURL: bookURL, usesMultiget: capabilities.supportsMultiget
                ).fetch([href])
                if let server = fetched.cards.first, let card = try? SyncCardCodec.parse(server.bytes) {
                    if card.isGroup {
                        try applyGroupCards([(server, card)])
                    } else if let identifier = row.objectIdentifier {
                        let applier = CardApplier(codec: codec)
                        let (_, changed) = try write { transaction in
                            try applier.perform(
                                .restore(identifier: identifier), card: card, server: server, href: href,
                                in: transaction)
                        }
                        changedStore = changedStore || changed
                        summary.conflicts += 1
                    }
                }
                localRemovals[href] = nil
            default:
                try refuse(response, href: href, objectIdentifier: row.objectIdentifier)
                localRemovals[href] = nil
            }
        }
    }

    // MARK: Requests and records

    func put(_ body: [UInt8], href: String, ifMatch: String? = nil, ifNoneMatch: Bool = false) async throws
        -> DAVResponse
    {
        var headers: [(name: String, value: String)] = [("Content-Type", "text/vcard; charset=utf-8")]
        if let ifMatch { headers.append(("If-Match", ifMatch)) }
        if ifNoneMatch || ifMatch == nil { headers.append(("If-None-Match", "*")) }
        let (response, _) = try await client.send(
            DAVRequest(method: "PUT", url: try url(of: href), headers: headers, body: body))
        return response
    }

    /// Records a card the server accepted: its tag, and the bytes sent as the new common ancestor.
    private mutating func record(_ body: [UInt8], row: SyncCardRow, identifier: String, uid: String, etag: String?)
        throws
    {
        let (_, changed) = try write { transaction in
            try transaction.save(
                SyncCardRow(
                    href: row.href, etag: etag, kind: row.kind, objectIdentifier: identifier, uid: uid, base: Data(body)
                ))
        }
        changedStore = changedStore || changed
        settle(contact: identifier)
    }

    private mutating func markSynced(_ row: SyncCardRow) throws {
        var synced = row
        synced.state = .synced
        _ = try write { transaction in try transaction.save(synced) }
    }

    private mutating func forget(_ href: String) throws {
        _ = try write { transaction in try transaction.removeCard(href: href) }
        localRemovals[href] = nil
    }

    /// Handles a status an upload did not expect: credentials and server failures stop the sync; any other
    /// refusal is reported, and the change is kept to be sent again next time.
    mutating func refuse(
        _ response: DAVResponse, href: String, objectIdentifier: String?, pending row: SyncCardRow? = nil
    ) throws {
        if response.status == 401 || response.status == 507 {
            throw DAVClient.statusError(response.status, method: "PUT")
        }
        // A server that fails on one card (a bug in its parser) fails on that card alone; three failures in a
        // row mean the server itself is failing, and the sync stops for the next one to finish.
        if response.status >= 500 {
            serverFailuresInARow += 1
            if serverFailuresInARow >= 3 { throw DAVClient.statusError(response.status, method: "PUT") }
        }
        if var row, row.state == .synced {
            row.state = .pendingUpdate
            let marked = row
            _ = try write { transaction in try transaction.save(marked) }
        }
        let reason: SkippedCard.Reason =
            response.status >= 500 ? .serverFailed(status: response.status) : .refusedByServer(status: response.status)
        summary.skipped.append(SkippedCard(href: href, objectIdentifier: objectIdentifier, reason: reason))
        if let objectIdentifier { settle(contact: objectIdentifier) }
    }

    /// A new card's href in the book: its UID when that makes a plain file name, else a fresh UUID.
    func newHref(uid: String) throws -> String {
        var path = bookURL.path
        if !path.hasSuffix("/") { path += "/" }
        // Only characters no server encodes differently: the href is the same in every listing.
        let allowed = uid.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
        }
        var name = allowed && !uid.isEmpty && uid.count <= 200 && !uid.hasPrefix(".") ? uid : UUID().uuidString
        let taken = try storing {
            try store.syncCards(containerIdentifier: containerIdentifier, hrefs: [Href.canonical(path + name + ".vcf")])
        }
        if !taken.isEmpty { name = UUID().uuidString }
        return Href.canonical(path + name + ".vcf")
    }

    /// The UID of a card made for a record: the UUID of its identifier (`UUID:ABPerson`), else a new one.
    static func newUID(for identifier: String) -> String {
        let prefix = identifier.split(separator: ":").first.map(String.init) ?? ""
        return UUID(uuidString: prefix) != nil ? prefix : UUID().uuidString
    }
}
