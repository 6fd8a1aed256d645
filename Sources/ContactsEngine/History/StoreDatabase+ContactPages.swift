import ContactsModel
import Foundation
import GRDB

extension StoreDatabase {
    /// Where a paged contact fetch continues.
    package enum ContactPageCursor: Sendable {
        case start
        case after(key: String, id: Int64)
    }

    /// One batch of a contact fetch (restricted to the query's visible set), unified when asked, and where
    /// the next batch starts (nil at the end).
    ///
    /// The same keyset paging as ``enumerateContacts(_:body:)``, driven by the caller so results can be
    /// pulled lazily.
    package func contactPage(
        _ query: ContactQuery, from cursor: ContactPageCursor, seen: inout Set<Int64>
    ) throws -> (contacts: [ContactStorage], next: ContactPageCursor?) {
        let reader = ContactReader(keys: query.keys, unify: query.unify)
        let sortColumn: String? =
            switch query.sortOrder {
            case .givenName: "sort_given"
            case .familyName: "sort_family"
            default: nil
            }
        return try pool.read { db in
            let condition = try compiler.condition(for: query.predicate, in: db).restricted(to: query.visibility)
            var sql = "SELECT \(reader.selection), \(sortColumn ?? "''") FROM contact WHERE (\(condition.sql))"
            var arguments = condition.arguments
            if case .after(let key, let id) = cursor {
                if let sortColumn {
                    sql += " AND (\(sortColumn), id) > (?, ?)"
                    arguments += [key, id]
                } else {
                    sql += " AND id > ?"
                    arguments += [id]
                }
            }
            sql += " ORDER BY " + (sortColumn.map { "\($0), id" } ?? "id") + " LIMIT \(Self.batchSize)"
            var batch: [ContactStorage] = []
            var ids: [Int64] = []
            var last: (String, Int64)?
            let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() {
                let id: Int64 = row[0]
                ids.append(id)
                batch.append(reader.storage(from: row))
                last = (row[reader.selectionCount], id)
            }
            try reader.complete(&batch, ids: ids, in: db)
            let isFull = batch.count == Self.batchSize
            if query.unify {
                try UnifiedContacts.collapse(&batch, reader: reader, visibility: query.visibility, seen: &seen, in: db)
            }
            guard isFull, let last else { return (batch, nil) }
            return (batch, .after(key: last.0, id: last.1))
        }
    }
}
