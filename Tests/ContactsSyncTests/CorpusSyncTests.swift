import ContactsSystem
import ContactsTestSupport
import ContactsVCard
import Foundation
import Testing

@testable import ContactsSync

/// The shared vCard corpus synced down from and up to real servers.
@Suite(.tags(.integration))
struct CorpusSyncTests {
    /// The contact cards of a store's container, as an export writes them, by UID. A UID may name several
    /// cards: Xandikos keeps two resources with one UID (the corpus has such cards), and so does the store.
    static func exportedCards(_ harness: SyncHarness, container: String) throws -> [String: [VCardCard]] {
        let url = harness.temporary.directory.appendingPathComponent("export-\(UUID().uuidString).vcf")
        let request = CNContact.predicateForContactsInContainer(withIdentifier: container)
        try harness.store.exportVCards(to: url, selection: .predicate(request))
        var result: [String: [VCardCard]] = [:]
        for card in try VCardReader.read(Data(contentsOf: url)) where !card.isGroup {
            if let uid = card.uid { result[uid, default: []].append(card) }
        }
        return result
    }

    /// What differs between two cards: every contact field, and the properties the model has no field for.
    ///
    /// - Parameter fieldsOnly: Compares contact fields alone. Radicale parses and writes every card again
    ///   (vobject): it sorts properties, drops parameters without a name (vCard 2.1's `WORK`) and keeps only
    ///   the text before an unescaped comma of a property it does not know, so what it hands a second store is
    ///   what it kept, which the download test compares byte for byte.
    static func differences(_ left: VCardCard, _ right: VCardCard, fieldsOnly: Bool = false) -> [String] {
        let unknown = fieldsOnly || left.unknownProperties == right.unknownProperties
        return ContactComparison.differences(left.contact, right.contact, ignoring: [.thumbnailImageData])
            + (unknown ? [] : ["unknown properties: \(left.unknownProperties) against \(right.unknownProperties)"])
    }

    /// The differences from a card to the closest of its copies (one, unless its UID repeats).
    static func differences(_ card: VCardCard, _ copies: [VCardCard], fieldsOnly: Bool = false) -> [String] {
        copies.map { differences(card, $0, fieldsOnly: fieldsOnly) }.min { $0.count < $1.count } ?? ["no copy"]
    }

    @Test(arguments: ServerKind.allCases)
    func theCorpusComesDownAsTheServerHoldsIt(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        var accepted: [String] = []
        for (fileIndex, path) in Corpus.files.enumerated() where !Corpus.malformed.contains(path) {
            for (cardIndex, card) in try Corpus.cards(of: path).enumerated() {
                let name = "corpus-\(fileIndex)-\(cardIndex).vcf"
                // Servers require a UID (RFC 6352 §5.1): cards without one get one, as a client adds it.
                let withUID = Corpus.addingUID("corpus-\(fileIndex)-\(cardIndex)", to: card)
                // A server may refuse a card its own parser cannot read; the sync sees what it kept.
                if (try? await server.put(withUID, name: name)) != nil { accepted.append(name) }
            }
        }
        // Radicale refuses a second card with a UID it holds and cards its parser cannot read; Xandikos fewer.
        #expect(accepted.count > 50, "the server took most of the corpus: \(accepted.count)")
        let harness = try SyncHarness()
        let account = try await harness.addAccount(server)
        let container = try harness.container(of: account, server: server)
        let summary = try await harness.sync(account)
        // A card the server takes but then fails to serve is reported, and the rest come down.
        let failed = summary.skipped.filter { if case .serverFailed = $0.reason { true } else { false } }
        #expect(summary.skipped.count == failed.count, "\(summary.skipped)")
        #expect(summary.downloaded == accepted.count - failed.count)

        // Every card the server holds is a contact here whose export reads as the server's card reads.
        let exported = try Self.exportedCards(harness, container: container)
        var compared = 0
        for name in accepted where !failed.contains(where: { $0.href.hasSuffix("/" + name) }) {
            let bytes = try #require(try await server.get(name))
            let card = try SyncCardCodec.parse(bytes)
            guard !card.isGroup, let uid = card.uid else { continue }
            let copies = try #require(exported[uid], "\(name) came down")
            #expect(Self.differences(card, copies) == [], "\(name)")
            compared += 1
        }
        #expect(compared == accepted.count - failed.count)
        let again = try await harness.sync(account)
        #expect(again.isEmpty, "\(again)")
    }

    @Test(arguments: ServerKind.allCases)
    func theCorpusGoesUpAndASecondStoreGetsTheSameContacts(kind: ServerKind) async throws {
        let server = try CardDAVTestServer.start(kind)
        let first = try SyncHarness()
        let account = try await first.addAccount(server)
        let container = try first.container(of: account, server: server)
        let urls = Corpus.files.filter { !Corpus.malformed.contains($0) }.map {
            Corpus.folder.appendingPathComponent($0)
        }
        let imported = try first.store.importVCards(
            from: urls, options: ContactImportOptions(containerIdentifier: container))
        let summary = try await first.sync(account)
        // Cards a server's own parser refuses (invalid property names, two N, a broken photo) are reported and
        // kept here, to be sent again; every other card goes up.
        let refused = Set(
            summary.skipped.compactMap { skipped -> String? in
                switch skipped.reason {
                case .refusedByServer, .serverFailed: skipped.objectIdentifier
                default: nil
                }
            })
        #expect(refused.count == summary.skipped.count, "\(summary.skipped)")
        #expect(refused.count <= 8, "\(summary.skipped)")
        #expect(summary.uploaded == imported.added + imported.groupsCreated - refused.count)
        let before = try first.temporary.personStore().syncCardTags(containerIdentifier: container)
        let again = try await first.sync(account)
        if again.downloaded > 0, let debug = ProcessInfo.processInfo.environment["CARDDAV_DEBUG"] {
            let engine = try first.temporary.personStore()
            let tags = try engine.syncCardTags(containerIdentifier: container)
            let changed = tags.filter { before[$0.key] != $0.value }.map {
                "\($0.key) \(String(describing: before[$0.key])) -> \($0.value)"
            }
            try Data("\(again)\n\(changed.joined(separator: "\n"))".utf8).write(to: URL(fileURLWithPath: debug))
        }
        #expect(again.uploaded == 0 && again.downloaded == 0, "the uploads do not come back down as changes: \(again)")

        let second = try SyncHarness()
        let other = try await second.addAccount(server)
        let otherContainer = try second.container(of: other, server: server)
        let down = try await second.sync(other)
        #expect(down.downloaded == summary.uploaded)
        let refusedUIDs = try Set(refused.compactMap { try first.store.cardUID(ofContactWithIdentifier: $0) })
        let mine = try Self.exportedCards(first, container: container).filter { !refusedUIDs.contains($0.key) }
        let theirs = try Self.exportedCards(second, container: otherContainer)
        #expect(Set(mine.keys) == Set(theirs.keys))
        for (uid, cards) in mine {
            guard let copies = theirs[uid] else { continue }
            #expect(cards.count == copies.count, "\(uid)")
            for card in cards {
                #expect(Self.differences(card, copies, fieldsOnly: kind == .radicale) == [], "\(uid)")
            }
        }
        let groups = { (harness: SyncHarness, container: String) in
            try harness.store.groups(matching: CNGroup.predicateForGroupsInContainer(withIdentifier: container)).map(
                \.name
            ).sorted()
        }
        #expect(try groups(first, container) == groups(second, otherContainer))
    }
}
