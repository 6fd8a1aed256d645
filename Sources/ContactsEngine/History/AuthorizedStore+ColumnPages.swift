import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// One batch of a contact fetch, handed to `sink` row by row as SQLite steps (no `ContactStorage` built),
    /// and where the next batch starts (nil at the end); nil when this batch cannot be read this way, with
    /// nothing read and the sink untouched: then ``contactPage(_:from:seen:limit:)`` reads it.
    ///
    /// The same rows, in the same order, in the same read transaction as ``contactPage(_:from:seen:limit:)``,
    /// restricted to the app's visible set the same way. Not read this way: images (blobs, sent per contact) and
    /// unified fetches of a store that links cards (a unified contact merges several cards, which
    /// `UnifiedContacts` does on storages).
    ///
    /// - Parameter limit: The most contacts the batch reads.
    package func contactPage(
        _ query: ContactQuery, from cursor: ContactPageCursor, limit: Int, into sink: inout some ContactPageSink
    ) throws -> (count: Int, next: ContactPageCursor?)? {
        let reader = ContactReader(keys: query.keys, unify: query.unify)
        guard !reader.keys.contains(.imageData), !reader.keys.contains(.thumbnailImageData) else { return nil }
        let after: (key: String, id: Int64)? =
            switch cursor {
            case .start: nil
            case .after(let key, let id): (key, id)
            }
        return try read { db -> (count: Int, next: ContactPageCursor?)? in
            if query.unify, try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM link)")) == true {
                return nil
            }
            let condition = try compiler.condition(for: query.predicate, in: db).restricted(to: access.visibility)
            let sortColumn = Self.sortColumn(of: query)
            if reader.readsIdentifierOnly, sortColumn == nil {
                sink.begin(keys: reader.keys, scalars: reader.scalarProperties, unifiedAlone: query.unify)
                return try Self.identifierPage(
                    condition: condition, after: after?.id, limit: limit, into: &sink, in: db)
            }
            let (sql, arguments) = try batchQuery(
                reader: reader, condition: condition, sortColumn: sortColumn, after: after, limit: limit, in: db)
            sink.begin(keys: reader.keys, scalars: reader.scalarProperties, unifiedAlone: query.unify)
            var ids: [Int64] = []
            ids.reserveCapacity(limit)
            let rows = try StatementRows(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() {
                ids.append(ContactReader.rowID(row))
                sink.appendContact(identifier: StoredRow.text(row, 1), row: StoredRow(row, offset: 2))
            }
            if !reader.valueKinds.isEmpty, !ids.isEmpty {
                try Self.streamValues(of: ids, reader: reader, into: &sink, in: db)
            }
            let last = try pageEnd(ids: ids, limit: limit, sortColumn: sortColumn, in: db)
            return (ids.count, last.map { .after(key: $0.0, id: $0.1) })
        }
    }

    /// A page of identifiers alone in row-id order, read as the embedded store reads its batches
    /// (``identifierBatchQuery(condition:after:limit:)``): the identifier column alone, from the (id, identifier)
    /// index, the page's end found from its last identifier. Selecting the row id as well cost SQLite about 80
    /// instructions a contact, and contactsd's stream of identifiers fell to 0.68-0.84 of the embedded read once
    /// that read used the index (docs/Daemon.md).
    private static func identifierPage(
        condition: PredicateCompiler.Condition, after: Int64?, limit: Int, into sink: inout some ContactPageSink,
        in db: Database
    ) throws -> (count: Int, next: ContactPageCursor?) {
        let (sql, arguments) = identifierBatchQuery(condition: condition, after: after, limit: limit)
        var count = 0
        var last = Data()
        let rows = try StatementRows(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            let identifier = StoredRow.text(row, 0)
            sink.appendContact(identifier: identifier, row: StoredRow(row, offset: 1))
            count += 1
            // Only a full page's last identifier is kept: its bytes are SQLite's until the next step.
            if count == limit, let identifier { last = Data(identifier) }
        }
        guard count == limit, limit > 0 else { return (count, nil) }
        return (count, .after(key: "", id: try rowID(ofLastIdentifier: last, in: db)))
    }

    /// Hands the sink the stored labeled values of the contacts of row ids `ids`, as ``ContactReader`` reads
    /// them (one statement, contact after contact), without the text buffer each contact keeps there.
    private static func streamValues(
        of ids: [Int64], reader: ContactReader, into sink: inout some ContactPageSink, in db: Database
    ) throws {
        // Rows come in contact_id order: each row's contact is found by walking the batch in row-id order.
        var order = ContactReader.BatchOrder(ids)
        let batchIDs = ContactReader.BatchIDs(ids)
        let kinds = reader.valueKinds
        let statement = try reader.valuesStatement(for: batchIDs, in: db)
        // The property of each kind asked for, by kind: a lookup per row.
        var properties = [ContactProperty?](repeating: nil, count: (kinds.max() ?? 0) + 1)
        for kind in kinds { properties[kind] = LabeledValueRow.property(ofKind: kind) }
        let rows = try StatementRows(statement, arguments: [batchIDs.argument])
        while let row = try rows.next() {
            let kind = Int(StatementColumn.int64(row, 1))
            guard kind >= 0, kind < properties.count, let property = properties[kind],
                let index = order.index(of: StatementColumn.int64(row, 0))
            else { continue }
            sink.appendLabeledValue(
                of: index, property: property, identifier: StoredRow.text(row, 2), label: StoredRow.text(row, 3),
                value: StoredRow.text(row, 4), detail: StoredRow.text(row, 5))
        }
    }
}
