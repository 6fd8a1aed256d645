import ContactsModel

/// A stored contact with what the store keeps of the card it came from: its UID and unknown properties.
package struct StoredVCardContact: Sendable {
    package var storage: ContactStorage
    /// The card's `UID`; nil for contacts that did not come from a card with one.
    package var uid: String?
    /// The card's properties the model has no field for, in file order.
    package var unknownProperties: [StoredUnknownProperty]

    package init(storage: ContactStorage, uid: String?, unknownProperties: [StoredUnknownProperty]) {
        self.storage = storage
        self.uid = uid
        self.unknownProperties = unknownProperties
    }
}
