import ContactsModel
import Foundation

/// A new contact with every row value that does not come from the database worked out: sort keys, labeled
/// value rows with their phone index keys, thumbnail and name index tokens.
///
/// ``ContactWriter/prepare(_:)`` makes one and ``ContactWriter/insert(_:containerID:in:)``
/// writes it. A save does both in turn; an import prepares on its reading thread, so this work overlaps the
/// writing thread's SQLite work. Either way the same code computes the same rows.
package struct PreparedContact: Sendable {
    /// One labeled value row, with the phone index key of a phone number.
    package struct Value: Sendable {
        package var row: LabeledValueRow
        package var phoneKey: String?
    }

    package let storage: ContactStorage
    let sortGiven: String
    let sortFamily: String
    /// The labeled values in property order.
    let values: [Value]
    let thumbnail: Data?
    let nameTokens: Set<String>
    /// The tokens as the row keeps them (``NameWordsColumn``).
    let nameWords: String
}
