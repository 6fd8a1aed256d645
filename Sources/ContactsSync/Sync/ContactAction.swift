import ContactsVCard

/// What to do locally with a contact card the server sent, decided before the write transaction.
enum ContactAction {
    /// Write the server's card: over the contact with the identifier, or as a new contact for nil.
    case apply(identifier: String?, exists: Bool)
    /// Write a merge of both sides; its local fields are sent by the upload that follows.
    case applyMerged(card: VCardCard, bytes: [UInt8], identifier: String)
    /// Both sides changed a field differently: write the server's card, keep the local version as a copy.
    case conflict(identifier: String, localCopy: [UInt8], fields: Set<String>)
    /// The contact was deleted locally but changed on the server: bring it back with the server's card.
    case restore(identifier: String)
}
