import ContactsModel
import Foundation

/// Converts contacts to and from vCard data.
///
/// Writing produces vCard 3.0 shaped like Apple's exports: UTF-8, CRLF line breaks, lines folded at 75
/// octets, one card per contact, labels as `TYPE` parameters or `itemN.X-ABLabel` lines. Reading accepts
/// vCard 2.1, 3.0 and 4.0 as real address books write them and returns new, unsaved contacts.
///
/// ```swift
/// let keys = [CNContactVCardSerialization.descriptorForRequiredKeys()]
/// let contacts = try store.unifiedContacts(matching: predicate, keysToFetch: keys)
/// let data = try CNContactVCardSerialization.data(with: contacts)
/// let copies = try CNContactVCardSerialization.contacts(with: data)
/// ```
///
/// Parity: full for `data(with:)`; partial for ``descriptorForRequiredKeys()`` (excludes the note and image
/// keys) and ``contacts(with:)`` (throws 700 with a line number where Apple may return `[]`; 701 is never
/// thrown). The writer includes the photo and the note when a contact holds those keys (Apple reads this
/// from preferences); docs/VCard.md lists every mapping and leniency.
open class CNContactVCardSerialization: NSObject {
    /// The keys a contact must hold to be serialized.
    ///
    /// The descriptor covers every key the writer reads except the note and the image, which are written
    /// only when present so that apps without the notes entitlement can export.
    ///
    /// - Returns: An aggregate descriptor to put in `keysToFetch`.
    open class func descriptorForRequiredKeys() -> any CNKeyDescriptor {
        AggregateKeyDescriptor(
            name: "CNContactVCardSerialization", keys: VCardSerializationKeys.required.map(\.key)
        )
    }

    /// The vCard representation of contacts, one card each.
    ///
    /// Every contact must hold the keys of ``descriptorForRequiredKeys()``; a missing key stops the process
    /// with `CNPropertyNotFetchedException`, as on Apple platforms.
    ///
    /// - Parameter contacts: The contacts to write.
    /// - Returns: UTF-8 vCard 3.0 data.
    /// - Throws: Nothing today; the signature matches Apple's.
    open class func data(with contacts: [CNContact]) throws -> Data {
        VCardWriter.data(for: contacts, options: .default)
    }

    /// The vCard representation of contacts, written with options.
    ///
    /// - Parameters:
    ///   - contacts: The contacts to write; they must hold the keys of ``descriptorForRequiredKeys()``.
    ///   - options: The version and whether photos and notes are included.
    /// - Returns: UTF-8 vCard data.
    /// - Throws: Nothing today.
    ///
    /// Parity: our addition.
    open class func data(with contacts: [CNContact], options: VCardWritingOptions) throws -> Data {
        VCardWriter.data(for: contacts, options: options)
    }

    /// Reads contacts from vCard data.
    ///
    /// The contacts are new and unsaved: each has a fresh identifier and holds every key. Group cards
    /// (`KIND:group`, `X-ADDRESSBOOKSERVER-KIND:group`) are not contacts and are left out. Empty data gives
    /// an empty array.
    ///
    /// - Parameter data: vCard 2.1, 3.0 or 4.0 data.
    /// - Returns: The contacts, in the order of their cards.
    /// - Throws: `CNError.vCardMalformed` (700) when a card is not closed, an `END:VCARD` has no card, text
    ///   stands outside a card, or a property name is invalid; `ContactsErrorUserInfoLineNumberKey` names
    ///   the line. `CNError.vCardSummarizationError` (701) is never thrown.
    open class func contacts(with data: Data) throws -> [CNContact] {
        do {
            return try VCardReader.contacts(data)
        } catch {
            throw error.contactsError
        }
    }
}
