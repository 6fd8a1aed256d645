import ContactsModel
import Foundation
import GRDB

extension StoreDatabase {
    /// Where a paged contact fetch continues.
    package enum ContactPageCursor: Sendable {
        case start
        case after(key: String, id: Int64)
    }

    /// One batch of a contact fetch, unified when asked, and where the next batch starts (nil at the end).
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
        let after: (key: String, id: Int64)? =
            switch cursor {
            case .start: nil
            case .after(let key, let id): (key, id)
            }
        return try pool.read { db in
            let condition = try compiler.condition(for: query.predicate, in: db)
            var (batch, last) = try readBatch(reader: reader, condition: condition, sortColumn: sortColumn, after: after, in: db)
            let complete = batch.count == Self.batchSize
            if query.unify {
                try UnifiedContacts.collapse(&batch, reader: reader, seen: &seen, in: db)
            }
            guard complete, let last else { return (batch, nil) }
            return (batch, .after(key: last.0, id: last.1))
        }
    }
}
