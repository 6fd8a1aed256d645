import ContactsEngine
import ContactsModel
import Foundation

extension CNContact {
    /// A comparator that orders contacts by name as sorted fetches do.
    ///
    /// ```swift
    /// let sorted = contacts.sorted { CNContact.comparator(forNameSortOrder: .givenName)($0, $1) == .orderedAscending }
    /// ```
    ///
    /// Names compare ignoring case and accents, in the alphabet order of the person's language
    /// (Swedish "ö" after "z"); phonetic names stand in for names when present; companies sort by
    /// organization name, people without a name by nickname then organization; contacts with no name
    /// at all come last. Ties break on the identifier, so the order is total.
    ///
    /// - Parameter sortOrder: `.givenName`, `.familyName`, or `.userDefault` for the person's setting;
    ///   `.none` compares by identifier.
    /// - Returns: A comparator of two `CNContact` values fetched with ``descriptorForAllComparatorKeys()``.
    ///
    /// Parity: full. Comparing a contact without those keys stops the process, as on Apple platforms.
    public class func comparator(forNameSortOrder sortOrder: CNContactSortOrder) -> Comparator {
        let settings = CNContactsUserDefaults.shared()
        let order = sortOrder == .userDefault ? settings.sortOrder : sortOrder
        let sortKey = SortKey(localeIdentifier: settings.localeIdentifier)
        return { left, right in
            guard let left = left as? CNContact, let right = right as? CNContact else { return .orderedSame }
            var leftKey = left.identifier
            var rightKey = right.identifier
            if order == .givenName || order == .familyName {
                leftKey = sortKey.key(for: Self.sortNames(of: left), order: order, identifier: left.identifier)
                rightKey = sortKey.key(for: Self.sortNames(of: right), order: order, identifier: right.identifier)
            }
            if leftKey == rightKey { return .orderedSame }
            // The store compares keys as bytes (SQLite BINARY); UTF-8 byte order is scalar order.
            return leftKey.unicodeScalars.lexicographicallyPrecedes(rightKey.unicodeScalars)
                ? .orderedAscending : .orderedDescending
        }
    }

    /// The keys ``comparator(forNameSortOrder:)`` reads.
    ///
    /// Parity: full.
    public class func descriptorForAllComparatorKeys() -> any CNKeyDescriptor {
        AggregateKeyDescriptor(name: "CNContact.comparator", keys: SortKey.properties.map(\.key))
    }

    private static func sortNames(of contact: CNContact) -> SortKey.Names {
        for property in SortKey.properties {
            contact.storage.require(property)
        }
        return SortKey.Names(contact.storage)
    }
}
