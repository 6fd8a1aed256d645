import ContactsEngine
import ContactsModel
import ContactsVCard
import Foundation

/// One export's state: the batch of contacts waiting for their stored extras, and the counts.
struct ContactExportSession {
    /// Contacts per batch: one read of UIDs and unknown properties, one write to the handle.
    static let batchSize = 500

    let store: AuthorizedStore
    /// Where the cards go: a file handle, or the daemon's stream to the app.
    let sink: (Data) throws -> Void
    let options: ContactExportOptions
    var summary = ContactExportSummary()
    private var pending: [CNContact] = []

    init(store: AuthorizedStore, sink: @escaping (Data) throws -> Void, options: ContactExportOptions) {
        self.store = store
        self.sink = sink
        self.options = options
        pending.reserveCapacity(Self.batchSize)
    }

    /// The keys an export fetches: what the writer needs, plus photo and note when they are written.
    static func keys(for options: ContactExportOptions) -> [any CNKeyDescriptor] {
        var keys: [any CNKeyDescriptor] = [CNContactVCardSerialization.descriptorForRequiredKeys()]
        if options.includesPhotos { keys.append(CNContactImageDataKey as NSString) }
        if options.includesNotes { keys.append(CNContactNoteKey as NSString) }
        return keys
    }

    mutating func add(_ contact: CNContact) throws {
        pending.append(contact)
        if pending.count >= Self.batchSize { try flush() }
    }

    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        let extras = try store.vCardExtras(
            identifiers: pending.map(\.identifier), groups: options.groupStyle == .categories)
        var writer = VCardWriter(options: options.writingOptions)
        for contact in pending {
            let stored = extras[contact.identifier]
            let card = VCardCard(
                contact: CNMutableContact(storage: contact.storage),
                unknownProperties: stored?.unknownProperties.map(UnknownPropertyCoding.card) ?? [],
                uid: stored?.uid ?? contact.identifier,
                categories: stored?.groupNames ?? []
            )
            writer.write(card, storage: contact.storage)
        }
        summary.contacts += pending.count
        pending.removeAll(keepingCapacity: true)
        try write(writer.data)
    }

    private mutating func write(_ data: Data) throws {
        try sink(data)
        summary.bytes += data.count
    }

    /// Writes a card per group in the style the options ask for.
    mutating func writeGroups(_ groups: [CNGroup]) throws {
        let style = resolvedStyle
        guard style == .appleGroupCards || style == .vCard4Kind else { return }
        var writer = VCardWriter(options: options.writingOptions)
        for group in groups {
            let members = try store.memberUIDs(ofGroup: group.identifier).map(Self.bareUID)
            let card = groupCard(group, members: members, style: style)
            writer.write(card, storage: card.contact.storage)
            summary.groups += 1
        }
        try write(writer.data)
    }

    /// The style with ``ContactExportOptions/GroupStyle/automatic`` resolved by version.
    private var resolvedStyle: ContactExportOptions.GroupStyle {
        guard options.groupStyle == .automatic else { return options.groupStyle }
        return options.version == .v4_0 ? .vCard4Kind : .appleGroupCards
    }

    /// A group card: the writer's own when the style is the version's native one, otherwise a card that
    /// carries the other dialect's kind and member properties as extra properties.
    private func groupCard(_ group: CNGroup, members: [String], style: ContactExportOptions.GroupStyle) -> VCardCard {
        let native: ContactExportOptions.GroupStyle = options.version == .v4_0 ? .vCard4Kind : .appleGroupCards
        if style == native {
            return VCardCard(kind: .group, uid: group.identifier, memberUIDs: members, groupName: group.name)
        }
        let prefix = style == .vCard4Kind ? "" : "X-ADDRESSBOOKSERVER-"
        let contact = CNMutableContact()
        contact.familyName = group.name
        let extra =
            [VCardUnknownProperty(name: prefix + "KIND", value: "group")]
            + members.map { VCardUnknownProperty(name: prefix + "MEMBER", value: "urn:uuid:" + $0) }
        return VCardCard(contact: contact, unknownProperties: extra, uid: group.identifier)
    }

    static func bareUID(_ uid: String) -> String {
        uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
    }
}
