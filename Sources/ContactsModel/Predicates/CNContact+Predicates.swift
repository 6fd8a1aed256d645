import Foundation

extension CNContact {
    /// A predicate for contacts whose name matches every word of a search string.
    ///
    /// Each word of `name` must be the start of a word of the contact's name fields (prefix, given, middle,
    /// family, previous family and suffix names, nickname, organization and the phonetic names), ignoring
    /// case and diacritics, in any order: "jo app" finds John Appleseed; "ohn" does not. Han, kana and
    /// Hangul are matched character by character. An empty or blank name makes the fetch fail with
    /// `CNError.predicateInvalid`.
    ///
    /// Parity: full; valid only with `CNContactStore`.
    public class func predicateForContacts(matchingName name: String) -> NSPredicate {
        ContactsPredicate(.contactsMatchingName(name))
    }

    /// A predicate for the contacts with the identifiers, or linked to a contact with one of them.
    ///
    /// Unknown identifiers are ignored.
    public class func predicateForContacts(withIdentifiers identifiers: [String]) -> NSPredicate {
        ContactsPredicate(.contactsWithIdentifiers(identifiers))
    }

    /// A predicate for the contacts that are members of a group.
    public class func predicateForContactsInGroup(withIdentifier groupIdentifier: String) -> NSPredicate {
        ContactsPredicate(.contactsInGroup(groupIdentifier))
    }

    /// A predicate for the contacts in a container.
    public class func predicateForContactsInContainer(withIdentifier containerIdentifier: String) -> NSPredicate {
        ContactsPredicate(.contactsInContainer(containerIdentifier))
    }

    /// A predicate for contacts with a phone number that matches, tolerating formatting, country codes and
    /// national prefixes; numbers too short to identify anyone find nothing.
    public class func predicateForContacts(matching phoneNumber: CNPhoneNumber) -> NSPredicate {
        ContactsPredicate(.contactsMatchingPhoneNumber(phoneNumber.stringValue))
    }

    /// A predicate for contacts with the e-mail address, compared whole and ignoring case.
    public class func predicateForContacts(matchingEmailAddress emailAddress: String) -> NSPredicate {
        ContactsPredicate(.contactsMatchingEmailAddress(emailAddress))
    }
}
