import ContactsModel
import Foundation
import GRDB

extension AuthorizedStore {
    /// How many contacts one read transaction of a paged read loads (change history, refetch after a save).
    package static let batchSize = 500

    /// How many contacts the first read loads: small, so the first screenful of a search comes back fast
    /// even when the caller stops early. Not a round 100, so a fetch of 100 by identifier needs one read.
    package static let firstBatchSize = 128

    /// The largest batch an enumeration grows to (each batch is four times the previous one, up to this):
    /// every batch is a read transaction of its own, whose begin and commit cost about as much as reading
    /// 20 contacts, so a long enumeration reads large batches; a thousand contacts (about 1 KB of fields
    /// each) still fit in a core's cache when they are handed out, and keep memory flat.
    package static let largestBatchSize = 1024

    /// The largest batch an enumeration of identifiers alone grows to: a batch holds about 45 bytes a contact
    /// (``IdentifierBatch``), so 4,096 fit in 200 KB, and each read transaction saved is about 114,000
    /// instructions of GRDB's read, SQLite's begin and commit and the batch's own statements (callgrind,
    /// docs/Store.md), 111 a contact at 1,024 a batch. As contactsd's batches of bare identifiers
    /// (`maximumIdentifierBatchSize`).
    package static let largestIdentifierBatchSize = 4096

    /// The largest batch of a read that keeps every contact (``ContactQuery/keepsEveryContact``, an array fetch):
    /// the caller holds them all anyway, so a batch's size bounds no memory, and each batch of a search reads its
    /// name range again in a read transaction of its own (a realistic prefix has about 2,000 hits at 100,000
    /// contacts: three batches of 1,024 after the first).
    package static let largestKeptBatchSize = 8192

    /// Streams the contacts a query selects, a batch per read transaction, so memory stays flat and the
    /// body may call the store again (GRDB reads are not reentrant, and no read is open while it runs).
    ///
    /// - Parameter body: Called once per contact, which it owns (handing a contact over moves it, where
    ///   borrowing would copy it, retaining its identifier and fields); returns false to stop.
    package func enumerateContacts(_ query: ContactQuery, body: (consuming ContactStorage) throws -> Bool) throws {
        let reader = ContactReader(keys: query.keys, unify: query.unify)
        let sortColumn = Self.sortColumn(of: query)
        var condition: PredicateCompiler.Condition?
        var after: (key: String, id: Int64)?
        // A search of a realistic 3-letter prefix has about 200 hits at 10,000 contacts: in batches of 128 then
        // 512 it paid a second read transaction and read its name range twice (docs/Store.md).
        var limit = query.keepsEveryContact ? Self.largestBatchSize : Self.firstBatchSize
        // One buffer for every batch: a new array of a few hundred contacts per batch costs a large
        // allocation (and the allocator's consolidation) each time.
        var batch: [ContactStorage] = []
        // A read of identifiers alone keeps a batch's identifiers as bytes (``IdentifierBatch``).
        var identifiers = IdentifierBatch()
        let identifiersOnly = reader.readsIdentifierOnly
        while true {
            batch.reserveCapacity(limit)
            let last = try read { db -> (String, Int64)? in
                let current =
                    try condition ?? compiler.condition(for: query.predicate, in: db).restricted(to: access.visibility)
                condition = current
                // Linked cards need their linked identifiers filled, which the general path does.
                if identifiersOnly, try !reader.needsLinks(in: db) {
                    return try readIdentifiers(
                        into: &identifiers, reader: reader, condition: current, sortColumn: sortColumn, after: after,
                        limit: limit, in: db
                    )
                }
                return try readBatch(
                    into: &batch, reader: reader, condition: current, sortColumn: sortColumn, after: after,
                    limit: limit,
                    in: db
                )
            }
            let count = batch.count + identifiers.count
            for index in 0..<identifiers.count {
                var storage = ContactStorage(identifier: identifiers.identifier(at: index), fetchedKeys: reader.keys)
                if reader.unify {
                    storage.setUnifiedAlone()
                }
                if try !body(consume storage) { return }
            }
            identifiers.removeAll()
            // Popping from the reversed batch moves each contact out instead of copying it. The buffer's
            // swaps are bitwise moves, where Array.reverse() copies each contact (retaining every field).
            batch.withUnsafeMutableBufferPointer { $0.reverse() }
            while let storage = batch.popLast() {
                if try !body(storage) { return }
            }
            guard count == limit, let last else { return }
            after = (last.0, last.1)
            let largest =
                identifiersOnly
                ? Self.largestIdentifierBatchSize
                : query.keepsEveryContact ? Self.largestKeptBatchSize : Self.largestBatchSize
            limit = min(limit * 4, largest)
        }
    }

    /// The column a query's order pages on; nil for row-id order.
    static func sortColumn(of query: ContactQuery) -> String? {
        switch query.sortOrder {
        case .givenName: "sort_given"
        case .familyName: "sort_family"
        default: nil
        }
    }

    /// Reads one batch into `batch` (empty on entry) and returns where the next batch starts: the sort key
    /// and row id of its last contact, or nil when the batch is not full (the last one).
    func readBatch(
        into batch: inout [ContactStorage],
        reader: ContactReader,
        condition: PredicateCompiler.Condition,
        sortColumn: String?,
        after: (key: String, id: Int64)?,
        limit: Int,
        in db: Database
    ) throws -> (String, Int64)? {
        let (sql, arguments) = try batchQuery(
            reader: reader, condition: condition, sortColumn: sortColumn, after: after, limit: limit, in: db)
        var ids: [Int64] = []
        ids.reserveCapacity(limit)
        let rows = try StatementRows(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            ids.append(ContactReader.rowID(row))
            reader.append(row, to: &batch)
        }
        try reader.complete(&batch, ids: ids, in: db)
        return try pageEnd(ids: ids, limit: limit, sortColumn: sortColumn, in: db)
    }

    /// Reads the identifiers of one batch of a reader of identifiers alone (``ContactReader/readsIdentifierOnly``)
    /// into `identifiers` (empty on entry) and returns where the next batch starts, as ``readBatch``.
    func readIdentifiers(
        into identifiers: inout IdentifierBatch,
        reader: ContactReader,
        condition: PredicateCompiler.Condition,
        sortColumn: String?,
        after: (key: String, id: Int64)?,
        limit: Int,
        in db: Database
    ) throws -> (String, Int64)? {
        guard sortColumn == nil else {
            let (sql, arguments) = try batchQuery(
                reader: reader, condition: condition, sortColumn: sortColumn, after: after, limit: limit, in: db)
            var lastID: Int64 = 0
            let rows = try StatementRows(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try rows.next() {
                lastID = ContactReader.rowID(row)
                identifiers.append(row, column: 1)
            }
            return try pageEnd(count: identifiers.count, lastID: lastID, limit: limit, sortColumn: sortColumn, in: db)
        }
        let (sql, arguments) = Self.identifierBatchQuery(condition: condition, after: after?.id, limit: limit)
        let rows = try StatementRows(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            identifiers.append(row, column: 0)
        }
        guard identifiers.count == limit, limit > 0 else { return nil }
        return ("", try Self.rowID(ofLastIdentifier: identifiers.bytes(at: identifiers.count - 1), in: db))
    }

    /// The row id of the last contact of a full batch of identifiers alone (``identifierBatchQuery``), where the
    /// next batch starts: one seek of the identifier's unique index, in the batch's transaction. The identifier
    /// is bound as its bytes cast to text (GRDB binds a String as a C string, which would cut one holding U+0000).
    static func rowID(ofLastIdentifier identifier: Data, in db: Database) throws -> Int64 {
        let lastID = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM contact WHERE identifier = CAST(? AS TEXT)"),
            arguments: [identifier]
        )
        guard let lastID else {
            throw StoreError(.databaseFailure, "the last contact of a batch of identifiers is not in the store")
        }
        return lastID
    }

    /// The query of one batch of identifiers alone in row-id order: the identifier column and nothing else, so
    /// SQLite reads it from the (id, identifier) index (``IdentifierOrderSchema``) without taking each row's id
    /// out of the index entry (about 80 instructions a contact in `sqlite3VdbeIdxRowid`, as much as the narrow
    /// pages saved); the batch's end is found from its last identifier instead.
    static func identifierBatchQuery(
        condition: PredicateCompiler.Condition, after: Int64?, limit: Int
    ) -> (String, StatementArguments) {
        let page = condition.rowIDPage(after: after)
        return ("SELECT identifier FROM contact WHERE \(page.sql) ORDER BY id LIMIT \(limit)", page.arguments)
    }

    /// The query of one batch: the reader's columns of at most `limit` contacts after `after`, in page order.
    func batchQuery(
        reader: ContactReader, condition: PredicateCompiler.Condition, sortColumn: String?,
        after: (key: String, id: Int64)?, limit: Int, in db: Database
    ) throws -> (String, StatementArguments) {
        guard let sortColumn else {
            let page = condition.rowIDPage(after: after?.id)
            let sql = "SELECT \(reader.selection) FROM contact WHERE \(page.sql) ORDER BY id LIMIT \(limit)"
            return (sql, page.arguments)
        }
        return try sortedBatchQuery(
            reader: reader, condition: condition, sortColumn: sortColumn, after: after, limit: limit, in: db)
    }

    /// Where the batch after one of row ids `ids` starts, or nil when it was not full (the last one).
    func pageEnd(ids: [Int64], limit: Int, sortColumn: String?, in db: Database) throws -> (String, Int64)? {
        try pageEnd(count: ids.count, lastID: ids.last ?? 0, limit: limit, sortColumn: sortColumn, in: db)
    }

    /// Where the batch after one of `count` contacts whose last has row id `lastID` starts, or nil when it was
    /// not full (the last one).
    func pageEnd(count: Int, lastID: Int64, limit: Int, sortColumn: String?, in db: Database) throws -> (String, Int64)?
    {
        guard count == limit, count > 0 else { return nil }
        guard let sortColumn else { return ("", lastID) }
        // Only the last contact's sort key is needed: one seek here, in the same transaction, instead of
        // selecting the key (a string to build) with every row.
        // Through a cursor and StoredText, which keep text after U+0000 that fetchOne would cut.
        let keys = try Row.fetchCursor(
            db.cachedStatement(sql: "SELECT \(sortColumn) FROM contact WHERE id = ?"), arguments: [lastID]
        )
        let key = try keys.next().map { ($0[0] as StoredText).string }
        return (key ?? "", lastID)
    }

    /// The query of a batch in sort-key order. A contact's sort key is in the large partial index or, for a
    /// contact saved since the last merge, in the small staged one (``IndexStaging``): each is walked in order
    /// by its own arm of a compound query, which SQLite merges without sorting, and the `LIMIT` stops both.
    /// When nothing is staged, the large index alone answers.
    private func sortedBatchQuery(
        reader: ContactReader,
        condition: PredicateCompiler.Condition,
        sortColumn: String,
        after: (key: String, id: Int64)?,
        limit: Int,
        in db: Database
    ) throws -> (String, StatementArguments) {
        var page = ""
        var pageArguments: StatementArguments = []
        if let after {
            // The key holds the names, which may hold U+0000: bound as bytes cast to text, since GRDB binds
            // a String as a C string, and a key cut there would read this batch's contacts again.
            page = " AND (\(sortColumn), id) > (CAST(? AS TEXT), ?)"
            pageArguments = [Data(after.key.utf8), after.id]
        }
        let staged =
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM contact WHERE staged = 1)"))
            ?? false
        guard staged else {
            let sql =
                "SELECT \(reader.selection) FROM contact WHERE (\(condition.sql)) AND staged = 0\(page)"
                + " ORDER BY \(sortColumn), id LIMIT \(limit)"
            return (sql, condition.arguments + pageArguments)
        }
        // The sort column is selected after the reader's columns (which it reads by position) so the compound's
        // ORDER BY can name it.
        let arm = "SELECT \(reader.selection), \(sortColumn) FROM contact WHERE (\(condition.sql))"
        let sql =
            "\(arm) AND staged = 0\(page) UNION ALL \(arm) AND staged = 1\(page) ORDER BY \(sortColumn), id LIMIT \(limit)"
        return (sql, condition.arguments + pageArguments + condition.arguments + pageArguments)
    }

    /// The contacts a query selects, all in memory; for predicates that select few contacts.
    package func contacts(_ query: ContactQuery) throws -> [ContactStorage] {
        var result: [ContactStorage] = []
        try enumerateContacts(query) { storage in
            result.append(storage)
            return true
        }
        return result
    }

    /// The contact with an identifier, or nil when the store has none or the caller may not see it.
    package func contact(identifier: String, keys: ContactKeySet, unify: Bool) throws -> ContactStorage? {
        let reader = ContactReader(keys: keys, unify: unify)
        let visible = access.visibility.map { " AND " + $0.identifierCondition(column: "identifier") } ?? ""
        return try read { db in
            let sql = visible.isEmpty ? reader.selectionByIdentifier : reader.selectionByIdentifier + visible
            // The row is read in place, valid while its cursor lives.
            let rows = try StatementRows(db.cachedStatement(sql: sql), arguments: [identifier])
            var batch: [ContactStorage] = []
            let id: Int64? = try withExtendedLifetime(rows) {
                guard let row = try rows.next() else { return nil }
                reader.append(row, to: &batch)
                return ContactReader.rowID(row)
            }
            guard let id else { return nil }
            try reader.complete(&batch, ids: [id], in: db)
            return batch.popLast()
        }
    }
}
