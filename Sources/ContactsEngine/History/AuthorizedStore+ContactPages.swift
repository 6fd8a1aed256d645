import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
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
    ///
    /// - Parameter limit: The most cards the batch reads (unified, it may hold fewer contacts).
    package func contactPage(
        _ query: ContactQuery, from cursor: ContactPageCursor, seen: inout Set<Int64>, limit: Int = batchSize
    ) throws -> (contacts: [ContactStorage], next: ContactPageCursor?) {
        let reader = ContactReader(keys: query.keys, unify: query.unify)
        let after: (key: String, id: Int64)? =
            switch cursor {
            case .start: nil
            case .after(let key, let id): (key, id)
            }
        return try read { db in
            let condition = try compiler.condition(for: query.predicate, in: db).restricted(to: access.visibility)
            var batch: [ContactStorage] = []
            let last = try readBatch(
                into: &batch, reader: reader, condition: condition, sortColumn: Self.sortColumn(of: query),
                after: after,
                limit: limit, in: db
            )
            if query.unify {
                try UnifiedContacts.collapse(&batch, reader: reader, visibility: access.visibility, seen: &seen, in: db)
            }
            guard let last else { return (batch, nil) }
            return (batch, .after(key: last.0, id: last.1))
        }
    }
}
