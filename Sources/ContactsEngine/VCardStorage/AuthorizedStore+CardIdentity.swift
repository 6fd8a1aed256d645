import ContactsModel
import Foundation
import GRDB

// A card's identity: the UID of the vCard a contact came from (import or sync), kept in `contact_uid`.
extension AuthorizedStore {
    /// The contacts whose card UID is `uid`, written with or without `urn:uuid:`, in every container, oldest
    /// first. An app sees only the contacts it may see.
    package func contactIdentifiers(withCardUID uid: String) throws -> [String] {
        let bare = uid.lowercased().hasPrefix("urn:uuid:") ? String(uid.dropFirst(9)) : uid
        let visible = access.visibility.map { " AND " + $0.identifierCondition(column: "c.identifier") } ?? ""
        return try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT c.identifier FROM contact_uid u JOIN contact c ON c.id = u.contact_id
                    WHERE u.uid IN (?, ?)\(visible) ORDER BY c.id
                    """,
                arguments: [bare, "urn:uuid:" + bare]
            )
        }
    }

    /// The card UID of a contact, or nil when it has none or the caller may not see it.
    package func cardUID(ofContact identifier: String) throws -> String? {
        guard try reveals(identifier) else { return nil }
        return try read { db in
            try String.fetchOne(
                db,
                sql: "SELECT u.uid FROM contact_uid u JOIN contact c ON c.id = u.contact_id WHERE c.identifier = ?",
                arguments: [identifier]
            )
        }
    }
}
