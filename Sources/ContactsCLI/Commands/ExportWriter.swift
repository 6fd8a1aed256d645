import Contacts

/// Writes contacts, and the groups of a store, as vCards a chunk at a time.
///
/// Each contact card carries the contact's identifier as its `UID`, which group cards name as members.
struct ExportWriter {
    private var writer: VCardWriter
    private let options: VCardWritingOptions
    private(set) var contactCount = 0
    private var written = 0

    init(options: VCardWritingOptions) {
        self.options = options
        self.writer = VCardWriter(options: options)
    }

    /// The bytes written since the last ``take()``.
    var pendingBytes: Int { writer.data.count - written }

    mutating func write(_ contact: CNContact) {
        writer.write(VCardCard(contact: CNMutableContact(storage: contact.storage), uid: contact.identifier), storage: contact.storage)
        contactCount += 1
    }

    /// Writes a group card for every group of the store, members named by their contact identifiers.
    mutating func writeGroups(of store: CNContactStore) throws {
        for group in try store.groups(matching: nil) {
            let members = try store.unifiedContacts(
                matching: CNContact.predicateForContactsInGroup(withIdentifier: group.identifier), keysToFetch: []
            ).map(\.identifier)
            let card = VCardCard(kind: .group, uid: group.identifier, memberUIDs: members, groupName: group.name)
            writer.write(card, storage: CNContact().storage)
        }
    }

    /// The bytes written since the last call; the writer starts afresh, so memory stays at one chunk.
    mutating func take() -> Data {
        let data = writer.data
        writer = VCardWriter(options: options)
        written = 0
        return data
    }
}
