import Contacts
import ContactsEngine
import ContactsModel
import ContactsVCard
import Foundation

/// Turns server cards into what the store keeps, and stored contacts and groups into cards, in a book's
/// version and group dialect.
struct SyncCardCodec: Sendable {
    let dialect: GroupDialect
    /// Whether cards are written as vCard 4.0.
    let writesVersion4: Bool

    init(capabilities: AddressBookCapabilities) {
        dialect = capabilities.groupDialect
        writesVersion4 = capabilities.writesVersion4
    }

    var options: VCardWritingOptions {
        VCardWritingOptions(version: writesVersion4 ? .v4_0 : .v3_0, includesPhoto: true, includesNote: true)
    }

    // MARK: Reading

    /// The one card of a resource.
    ///
    /// - Throws: ``SkippedCard/Reason`` when the bytes hold no card or a malformed one.
    static func parse(_ bytes: [UInt8]) throws(SkippedCard.Reason) -> VCardCard {
        var reader = VCardStreamReader(bytes: bytes)
        do {
            guard let card = try reader.next() else { throw SkippedCard.Reason.noCard }
            return card
        } catch let reason as SkippedCard.Reason {
            throw reason
        } catch let error as VCardParseError {
            throw SkippedCard.Reason.malformed(line: error.line)
        } catch {
            throw SkippedCard.Reason.malformed(line: 0)
        }
    }

    /// Whether a card describes a group in any dialect this module reads.
    static func isGroupCard(_ card: VCardCard) -> Bool {
        card.isGroup
    }

    /// The unknown properties of a card as the store keeps them.
    static func stored(_ card: VCardCard) -> [StoredUnknownProperty] {
        card.unknownProperties.map(UnknownPropertyCoding.stored)
    }

    // MARK: Writing contacts

    /// A contact's card: its fields, its card's UID and unknown properties, and in the categories dialect its
    /// groups.
    func card(for snapshot: SyncContactSnapshot, uid: String) -> VCardCard {
        VCardCard(
            contact: CNMutableContact(storage: snapshot.storage),
            unknownProperties: snapshot.unknownProperties.map(UnknownPropertyCoding.card),
            kind: snapshot.storage.contactType == .organization ? .organization : .individual,
            uid: uid,
            categories: dialect == .categories ? snapshot.groupNames.sorted() : []
        )
    }

    /// A card read from the server, as this module writes it: the form two versions are compared in.
    ///
    /// Outside the categories dialect, `CATEGORIES` is not read into groups, so it is left out here and kept
    /// from the server's bytes.
    func normalized(_ card: VCardCard) -> CardLines {
        var card = card
        if dialect != .categories { card.categories = [] }
        return CardLines(bytes(card))
    }

    /// A card's bytes in the book's version.
    func bytes(_ card: VCardCard) -> [UInt8] {
        Array(VCardWriter.data(for: [card], options: options))
    }

    // MARK: Writing groups

    /// A group's card in the book's dialect: Apple's group properties or vCard 4's `KIND`/`MEMBER`, as native
    /// properties of the version or as extra properties of the other version, with the unknown properties the
    /// server's card had.
    func groupCard(uid: String, name: String, memberUIDs: [String], unknownProperties: [VCardUnknownProperty])
        -> [UInt8]
    {
        let kindDialect = dialect == .vCard4Kind
        let native = kindDialect == writesVersion4
        // Properties the group writer makes itself must not come twice from the server's copy.
        let written: Set<String> = ["KIND", "MEMBER", "X-ADDRESSBOOKSERVER-KIND", "X-ADDRESSBOOKSERVER-MEMBER"]
        let kept = unknownProperties.filter { !written.contains($0.name.uppercased()) }
        if native {
            return bytes(
                VCardCard(unknownProperties: kept, kind: .group, uid: uid, memberUIDs: memberUIDs, groupName: name))
        }
        let prefix = kindDialect ? "" : "X-ADDRESSBOOKSERVER-"
        let contact = CNMutableContact()
        contact.familyName = name
        let extra =
            [VCardUnknownProperty(name: prefix + "KIND", value: "group")]
            + memberUIDs.map { VCardUnknownProperty(name: prefix + "MEMBER", value: "urn:uuid:" + $0) }
        return bytes(VCardCard(contact: contact, unknownProperties: extra + kept, uid: uid))
    }

    /// A UID without its `urn:uuid:` prefix, as group cards name members.
    static func bareUID(_ uid: String) -> String {
        uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
    }
}
