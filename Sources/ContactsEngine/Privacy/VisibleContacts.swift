import GRDB

/// The contacts one app may see under limited access, as SQL: the one place the visible set is written.
///
/// The set is the union of `app_grant` (shared by the person) and `app_created` (created by the app) for the
/// app's row id, joined by identifier through the primary keys, so a large set costs no giant `IN` list.
/// Every query that returns contacts, memberships, unified contacts or history to a limited app adds
/// ``contactCondition`` (on the `contact` table) or ``identifierCondition(column:)`` (on any identifier column).
/// Linking code: a unified contact's members are filtered with ``contactCondition`` so only visible members
/// contribute fields.
package struct VisibleContacts: Hashable, Sendable {
    /// The app's row id in `app`.
    package var appID: Int64

    package init(appID: Int64) {
        self.appID = appID
    }

    /// The subquery listing the visible contact identifiers.
    package var identifiersSubquery: String {
        """
        SELECT contact_identifier FROM app_grant WHERE app_id = \(appID)
        UNION SELECT contact_identifier FROM app_created WHERE app_id = \(appID)
        """
    }

    /// A condition on an identifier column (for example `change_log.identifier`).
    package func identifierCondition(column: String) -> String {
        "\(column) IN (\(identifiersSubquery))"
    }

    /// A condition on the `contact` table.
    package var contactCondition: PredicateCompiler.Condition {
        PredicateCompiler.Condition(sql: identifierCondition(column: "contact.identifier"), arguments: [])
    }

    /// Whether one contact is visible.
    package func contains(_ identifier: String, in db: Database) throws -> Bool {
        let sql =
            "SELECT EXISTS (SELECT 1 FROM contact WHERE identifier = ? AND \(identifierCondition(column: "identifier")))"
        return try Bool.fetchOne(db, sql: sql, arguments: [identifier]) ?? false
    }
}

extension PredicateCompiler.Condition {
    /// This condition and, when given, the app's visible set.
    package func restricted(to visible: VisibleContacts?) -> PredicateCompiler.Condition {
        guard let visible else { return self }
        let extra = visible.contactCondition
        var condition = PredicateCompiler.Condition(
            sql: "(\(sql)) AND (\(extra.sql))", arguments: arguments + extra.arguments)
        // ANDed with the visible set, a page's lists may still start after its last row id.
        if let paged = startingAfterID {
            condition.startingAfterID = { @Sendable id in paged(id).restricted(to: visible) }
        }
        return condition
    }
}
