import ArgumentParser
import ContactsSystem
import Foundation

/// `contacts import --me FILE`: the person's own card, imported and set as theirs.
enum MeCardImport {
    /// The one person card of the file, read before the import.
    ///
    /// - Throws: `ValidationError` unless the file holds exactly one card that is not a group.
    static func card(in files: [URL]) throws -> VCardCard {
        guard files.count == 1, let handle = FileHandle(forReadingAtPath: files[0].path) else {
            throw ValidationError("--me takes one vCard file: your own card.")
        }
        defer { try? handle.close() }
        var reader = VCardStreamReader(fileHandle: handle)
        var cards: [VCardCard] = []
        while let card = try reader.next() {
            if !card.isGroup { cards.append(card) }
        }
        guard cards.count == 1, let card = cards.first else {
            throw ValidationError("--me takes a file with one card, yours; this one has \(cards.count).")
        }
        return card
    }

    /// Finds the contact the card became and marks it as the person's: by its UID, else by its first e-mail
    /// address or phone number and its name.
    static func setMe(_ card: VCardCard, in store: CNContactStore) throws {
        var identifier = try card.uid.flatMap { try store.contactIdentifier(forVCardUID: $0) }
        if identifier == nil {
            let keys =
                [CNContactGivenNameKey, CNContactFamilyNameKey, CNContactOrganizationNameKey] as [CNKeyDescriptor]
            let predicate: NSPredicate? =
                if let email = card.contact.emailAddresses.first {
                    CNContact.predicateForContacts(matchingEmailAddress: email.value as String)
                } else if let phone = card.contact.phoneNumbers.first {
                    CNContact.predicateForContacts(matching: phone.value)
                } else {
                    nil
                }
            identifier = try predicate.flatMap { predicate in
                try store.unifiedContacts(matching: predicate, keysToFetch: keys).first { contact in
                    contact.givenName == card.contact.givenName && contact.familyName == card.contact.familyName
                        && contact.organizationName == card.contact.organizationName
                }?.identifier
            }
        }
        guard let identifier else {
            throw ValidationError(
                "Your card was imported, but it could not be found again: set it with 'contacts me set ID'.")
        }
        try store.setMeContact(withIdentifier: identifier)
    }
}
