import ContactsModel
import Foundation
import GRDB

/// Reads the UIDs and unknown properties of a batch of contacts, two queries per batch.
package enum VCardExtrasReader {
    /// A contact's stored UID and unknown properties.
    package struct Extras: Sendable {
        package var uid: String?
        package var unknownProperties: [StoredUnknownProperty] = []
        /// The names of the contact's groups, when asked for.
        package var groupNames: [String] = []
    }

    /// The extras of the contacts with the identifiers, by identifier; contacts with none are left out.
    package static func read(identifiers: [String], in db: Database) throws -> [String: Extras] {
        guard !identifiers.isEmpty else { return [:] }
        let list = JSONList.encode(identifiers)
        var result: [String: Extras] = [:]
        let uids = try db.cachedStatement(
            sql: """
                SELECT c.identifier, u.uid FROM contact c JOIN contact_uid u ON u.contact_id = c.id
                WHERE c.identifier IN (SELECT value FROM json_each(?))
                """
        )
        let uidRows = try Row.fetchCursor(uids, arguments: [list])
        while let row = try uidRows.next() {
            result[row[0], default: Extras()].uid = row[1]
        }
        let properties = try db.cachedStatement(
            sql: """
                SELECT c.identifier, p."group", p.name, p.parameters, p.value
                FROM contact c JOIN unknown_property p ON p.contact_id = c.id
                WHERE c.identifier IN (SELECT value FROM json_each(?))
                ORDER BY p.contact_id, p.position
                """
        )
        let propertyRows = try Row.fetchCursor(properties, arguments: [list])
        while let row = try propertyRows.next() {
            // StoredText: the text of a property may hold U+0000, which GRDB's String reading cuts.
            let property = StoredUnknownProperty(
                group: (row[1] as StoredText?)?.string, name: (row[2] as StoredText).string,
                parameters: (row[3] as StoredText).string, value: (row[4] as StoredText).string
            )
            result[row[0], default: Extras()].unknownProperties.append(property)
        }
        return result
    }

    /// Adds the names of the contacts' groups, in group order.
    package static func addGroupNames(to extras: inout [String: Extras], identifiers: [String], in db: Database) throws
    {
        let statement = try db.cachedStatement(
            sql: """
                SELECT c.identifier, g.name FROM contact c JOIN group_member m ON m.contact_id = c.id
                JOIN "group" g ON g.id = m.group_id
                WHERE c.identifier IN (SELECT value FROM json_each(?)) ORDER BY g.id
                """
        )
        let rows = try Row.fetchCursor(statement, arguments: [JSONList.encode(identifiers)])
        while let row = try rows.next() {
            extras[row[0], default: Extras()].groupNames.append((row[1] as StoredText).string)
        }
    }
}
