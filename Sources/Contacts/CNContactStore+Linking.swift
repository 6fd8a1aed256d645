import ContactsEngine
import ContactsModel
import Foundation

/// Linked (unified) contacts: our documented API to link, unlink and explain links. docs/Linking.md has
/// the rules. Apple has no public API for this; the Contacts app links cards.
extension CNContactStore {
    /// Links contact cards into one unified contact. Our addition.
    ///
    /// Cards that are already linked bring their unified contacts along. Fetches with `unifyResults`
    /// (the default) then return one contact carrying the preferred card's identifier and the merged
    /// values; every linked identifier finds it. Posts `CNContactStoreDidChange` and writes history.
    ///
    /// ```swift
    /// try store.link([workCard.identifier, homeCard.identifier], preferredIdentifier: homeCard.identifier)
    /// ```
    ///
    /// - Parameters:
    ///   - contactIdentifiers: The cards to link.
    ///   - preferredIdentifier: The card whose identifier and values win; nil keeps the current preferred
    ///     card, else the card in the default container, else the oldest card.
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown identifier;
    ///   `CNError.recordIdentifierInvalid` (205) when the preferred identifier is not among the cards.
    public func link(_ contactIdentifiers: [String], preferredIdentifier: String? = nil) throws {
        try tracking.link(contactIdentifiers, preferredIdentifier: preferredIdentifier)
        postStoreDidChange(saveIdentifiers: [])
    }

    /// Detaches cards from their unified contacts, and remembers to keep each apart from the cards it left,
    /// so automatic linking does not join them again. Our addition.
    ///
    /// - Parameter contactIdentifiers: The cards to detach; a card that is not linked is left as it is.
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown identifier.
    public func unlink(_ contactIdentifiers: [String]) throws {
        try tracking.unlink(contactIdentifiers)
        postStoreDidChange(saveIdentifiers: [])
    }

    /// Remembers that two cards are different people: automatic linking never joins them. When they are
    /// linked now, the second is detached. Our addition.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown identifier.
    public func keepSeparate(_ firstIdentifier: String, _ secondIdentifier: String) throws {
        try tracking.keepSeparate(firstIdentifier, secondIdentifier)
        postStoreDidChange(saveIdentifiers: [])
    }

    /// Why a card is linked: the rule and the matching values, or nil when it is not linked. Our addition.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown identifier.
    public func linkReason(forContactWithIdentifier identifier: String) throws -> ContactLinkReason? {
        try tracking.linkReason(forContact: identifier)
    }

    /// The identifiers of the cards linked with a card, the preferred card first; just the card's own
    /// identifier when it is not linked. Our addition.
    ///
    /// - Throws: `CNError.recordDoesNotExist` (200) for an unknown identifier.
    public func linkedContactIdentifiers(ofContactWithIdentifier identifier: String) throws -> [String] {
        try tracking.linkedIdentifiers(ofContact: identifier)
    }
}
