import ContactsModel
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Reads contacts holding exactly the requested keys, touching only the columns and tables they need.
package struct ContactReader {
    /// The keys every returned contact holds, the identifier included.
    package let keys: ContactKeySet
    /// Whether contacts are read unified, which fills their linked identifiers.
    package let unify: Bool

    /// What the reader selects and loads for its keys, worked out once per key set (``Layout/of(_:)``).
    private let layout: Layout
    var scalarProperties: [ContactProperty] { layout.scalarProperties }
    var valueKinds: [Int] { layout.valueKinds }
    /// Bit `kind` is set for each kind in ``valueKinds``.
    var valueKindMask: Int { layout.valueKindMask }
    /// The column list of the contact query: id, identifier, then one column per requested scalar.
    package var selection: String { layout.selection }
    /// `SELECT` ``selection`` `FROM contact WHERE identifier = ?`: the query of a fetch by identifier.
    package var selectionByIdentifier: String { layout.selectionByIdentifier }
    /// The number of columns in ``selection``.
    package var selectionCount: Int { scalarProperties.count + 2 }

    package init(keys: ContactKeySet, unify: Bool) {
        self.keys = keys.union(.identifierOnly)
        self.unify = unify
        self.layout = Layout.of(self.keys)
    }

    /// Whether the reader reads nothing but identifiers (and, unified, the links of linked cards): a fetch
    /// of every identifier, which enumeration reads through ``IdentifierBatch``.
    var readsIdentifierOnly: Bool { keys == .identifierOnly }

    /// Whether the contacts read need their links loaded: read unified from a store with links. Most stores
    /// have none, and one indexed probe saves building a batch's id list for nothing.
    func needsLinks(in db: Database) throws -> Bool {
        try unify && Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM link)")) == true
    }

    /// The columns and value kinds of a key set. A reader is made per fetch, and for a single contact
    /// building its column list and query text (a dozen string appends) was a tenth of the read, so each
    /// key set's layout is built once and shared.
    private final class Layout: Sendable {
        let scalarProperties: [ContactProperty]
        let valueKinds: [Int]
        let valueKindMask: Int
        let selection: String
        let selectionByIdentifier: String

        private init(keys: ContactKeySet) {
            var scalarProperties: [ContactProperty] = []
            var selection = "id, identifier"
            for property in ContactColumns.scalarProperties where keys.contains(property) {
                guard let column = ContactColumns.column(of: property) else { continue }
                scalarProperties.append(property)
                selection += ", " + column
            }
            var valueKinds: [Int] = []
            var valueKindMask = 0
            for property in ContactProperty.multiValueProperties where keys.contains(property) {
                guard let kind = LabeledValueRow.kind(of: property) else { continue }
                valueKinds.append(kind)
                valueKindMask |= 1 << kind
            }
            self.scalarProperties = scalarProperties
            self.selection = selection
            self.selectionByIdentifier = "SELECT \(selection) FROM contact WHERE identifier = ?"
            self.valueKinds = valueKinds
            self.valueKindMask = valueKindMask
        }

        /// Layouts by key set. Apps fetch with a handful of key sets; the cache starts again past
        /// ``limit`` so a caller cycling through many cannot grow it without bound.
        private static let cache = Mutex<[UInt64: Layout]>([:])
        private static let limit = 64

        static func of(_ keys: ContactKeySet) -> Layout {
            if let layout = cache.withLock({ $0[keys.rawValue] }) { return layout }
            let layout = Layout(keys: keys)
            cache.withLock { cache in
                if cache.count >= limit { cache.removeAll() }
                cache[keys.rawValue] = layout
            }
            return layout
        }
    }

    /// The row id of the current row of a statement that selects ``selection``.
    package static func rowID(_ statement: SQLiteStatement) -> Int64 {
        StatementColumn.int64(statement, 0)
    }

    /// Builds the storage of the current row of a statement that selects ``selection``.
    package func storage(from statement: SQLiteStatement) -> ContactStorage {
        var storage = ContactStorage(identifier: StatementColumn.text(statement, 1), fetchedKeys: keys)
        fill(&storage, from: statement)
        return storage
    }

    /// Appends the storage of the current row of a statement that selects ``selection`` to a batch, filled
    /// in place: filling a local then appending it costs a copy (a retain of the identifier and the fields).
    package func append(_ statement: SQLiteStatement, to batch: inout [ContactStorage]) {
        batch.append(ContactStorage(identifier: StatementColumn.text(statement, 1), fetchedKeys: keys))
        fill(&batch[batch.count - 1], from: statement)
    }

    /// Reads the columns by position straight from SQLite: through GRDB's `Row`, each of a hit's 17
    /// columns went through a decoding context and a generic conversion. `storage` is new: its fields hold
    /// their defaults, which an empty column leaves.
    private func fill(_ storage: inout ContactStorage, from statement: SQLiteStatement) {
        // One check that the storage owns its fields for all of them; an identifier-only read allocates none.
        if !scalarProperties.isEmpty {
            storage.withUniqueFields { fill(&$0, from: statement) }
        }
        if unify {
            storage.setUnifiedAlone()
        }
    }

    private func fill(_ fields: inout ContactFields, from statement: SQLiteStatement) {
        var index: CInt = 2
        for property in scalarProperties {
            defer { index += 1 }
            switch property {
            case .contactType:
                fields.contactType = CNContactType(rawValue: Int(StatementColumn.int64(statement, index))) ?? .person
            case .birthday:
                if !StatementColumn.isNull(statement, index) {
                    fields.birthday = StatementColumn.date(statement, index)
                }
            case .nonGregorianBirthday:
                if !StatementColumn.isNull(statement, index) {
                    fields.nonGregorianBirthday = StatementColumn.date(statement, index)
                }
            case .imageDataAvailable:
                fields.imageDataAvailable = StatementColumn.int64(statement, index) != 0
            default:
                // Most of a contact's text columns are empty, and so are a new contact's fields: asking the
                // length first skips the text, the string and the store for them (about 1,500 instructions a
                // contact read with all keys but the image).
                let count = StatementColumn.textByteCount(statement, index)
                if count > 0 {
                    _ = fields.setString(StatementColumn.text(statement, index, byteCount: count), of: property)
                }
            }
        }
    }

    /// Fills labeled values, images and links of a batch of contacts, in place; `ids[i]` is `batch[i]`'s row id.
    package func complete(_ batch: inout [ContactStorage], ids: [Int64], in db: Database) throws {
        guard !batch.isEmpty else { return }
        let needsImages = keys.contains(.imageData) || keys.contains(.thumbnailImageData)
        let needsLinks = try needsLinks(in: db)
        guard !valueKinds.isEmpty || needsImages || needsLinks else { return }
        let batchIDs = BatchIDs(ids)
        if !valueKinds.isEmpty {
            try loadValues(into: &batch, order: BatchOrder(ids), ids: batchIDs, in: db)
        }
        guard needsImages || needsLinks else { return }
        var positions: [Int64: Int] = [:]
        positions.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() { positions[id] = index }
        if needsImages {
            try loadImages(into: &batch, positions: positions, ids: batchIDs, in: db)
        }
        if needsLinks {
            try loadLinks(into: &batch, positions: positions, ids: batchIDs, in: db)
        }
    }

    /// The row ids of a batch as an SQL condition on an id column and its argument: one contact compares
    /// its id, more look it up in a JSON list of ids, which SQLite parses once per statement.
    struct BatchIDs {
        let condition: String
        let argument: DatabaseValue

        init(_ ids: [Int64]) {
            if ids.count == 1 {
                condition = "= ?"
                argument = ids[0].databaseValue
            } else {
                condition = "IN (SELECT value FROM json_each(?))"
                argument = JSONList.encode(ids).databaseValue
            }
        }
    }

    /// The contacts of a batch in row-id order, each with its place in the batch: the values statement returns
    /// its rows in `contact_id` order, so a row's contact is found by walking this alongside, where a dictionary
    /// from row id to place hashed every row (about 600 instructions a contact with all keys, callgrind).
    struct BatchOrder {
        private let entries: [(id: Int64, index: Int)]
        private var next = 0

        /// `ids[i]` is the row id of the batch's contact `i`; a batch read in row-id order needs no sort.
        init(_ ids: [Int64]) {
            var entries = ids.enumerated().map { (id: $0.element, index: $0.offset) }
            if !zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) {
                entries.sort { $0.id < $1.id }
            }
            self.entries = entries
        }

        /// The place of the contact with row id `id` in the batch, or nil for an id not in it; `id`s must come
        /// in ascending order from one call to the next.
        mutating func index(of id: Int64) -> Int? {
            while next < entries.count, entries[next].id < id { next += 1 }
            guard next < entries.count, entries[next].id == id else { return nil }
            return entries[next].index
        }
    }

    /// The statement that reads the stored labeled values of the contacts `ids`, contact after contact, each
    /// contact's rows by kind and position: contact_id, kind, identifier, label, value, detail. The daemon's
    /// column pages (AuthorizedStore+ColumnPages.swift) read the same rows.
    func valuesStatement(for ids: BatchIDs, in db: Database) throws -> Statement {
        // One seek per contact on the table's key (contact_id, kind, position) reads all its values from the
        // rows themselves, and values of kinds not asked for are skipped here: with `kind IN (...)`, SQLite
        // seeks once per contact and kind (eight seeks for all keys). A single kind is one seek either way,
        // and then reads only that kind.
        let kindFilter = valueKinds.count == 1 ? " AND kind = \(valueKinds[0])" : ""
        return try db.cachedStatement(
            sql: """
                SELECT contact_id, kind, identifier, label, value, detail
                FROM contact_value
                WHERE contact_id \(ids.condition)\(kindFilter)
                ORDER BY contact_id, kind, position
                """
        )
    }

    private func loadValues(
        into batch: inout [ContactStorage], order: BatchOrder, ids: BatchIDs, in db: Database
    ) throws {
        var order = order
        let statement = try valuesStatement(for: ids, in: db)
        // Each contact keeps its rows' text undecoded; its labeled values are built when first read, so
        // a search whose caller reads only names, or counts the hits, builds none (DeferredLabeledValues).
        let deferredKeys = keys.intersection(.multiValued)
        var current: (index: Int, values: StoredLabeledValues)?
        func finishCurrent() {
            guard let current, !current.values.isEmpty else { return }
            batch[current.index].deferLabeledValues(deferredKeys, to: DeferredLabeledValues(source: current.values))
        }
        let rows = try StatementRows(statement, arguments: [ids.argument])
        while let row = try rows.next() {
            let kind = Int(StatementColumn.int64(row, 1))
            guard valueKindMask & (1 << kind) != 0,
                let index = order.index(of: StatementColumn.int64(row, 0))
            else { continue }
            // Rows come in contact order: a new contact id ends the previous contact's values.
            if current?.index != index {
                finishCurrent()
                current = (index, StoredLabeledValues())
            }
            current?.values.appendRow(of: row, kind: kind, kindColumn: 1)
        }
        finishCurrent()
    }

    private func loadImages(
        into batch: inout [ContactStorage], positions: [Int64: Int], ids: BatchIDs, in db: Database
    ) throws {
        let columns = [
            keys.contains(.imageData) ? "image" : "NULL", keys.contains(.thumbnailImageData) ? "thumbnail" : "NULL",
        ]
        let statement = try db.cachedStatement(
            sql: """
                SELECT contact_id, \(columns.joined(separator: ", ")) FROM contact_image
                WHERE contact_id \(ids.condition)
                """
        )
        let cursor = try Row.fetchCursor(statement, arguments: [ids.argument])
        while let row = try cursor.next() {
            guard let index = positions[row[0]] else { continue }
            if keys.contains(.imageData) { batch[index].imageData = row[1] }
            if keys.contains(.thumbnailImageData) { batch[index].thumbnailImageData = row[2] }
        }
    }

    private func loadLinks(
        into batch: inout [ContactStorage], positions: [Int64: Int], ids: BatchIDs, in db: Database
    ) throws {
        let statement = try db.cachedStatement(
            sql: """
                SELECT mine.contact_id, other.identifier
                FROM link AS mine
                JOIN link AS theirs ON theirs.person_id = mine.person_id AND theirs.contact_id != mine.contact_id
                JOIN contact AS other ON other.id = theirs.contact_id
                WHERE mine.contact_id \(ids.condition)
                ORDER BY mine.contact_id, other.id
                """
        )
        let cursor = try Row.fetchCursor(statement, arguments: [ids.argument])
        while let row = try cursor.next() {
            guard let index = positions[row[0]] else { continue }
            batch[index].linkedIdentifiers.append(row[1])
        }
    }

    /// The contacts with the identifiers, by identifier; missing ones are left out.
    package func read(identifiers: [String], in db: Database) throws -> [String: ContactStorage] {
        let statement = try db.cachedStatement(
            sql: "SELECT \(selection) FROM contact WHERE identifier IN (SELECT value FROM json_each(?))"
        )
        var batch: [ContactStorage] = []
        var ids: [Int64] = []
        let rows = try StatementRows(statement, arguments: [JSONList.encode(identifiers)])
        while let row = try rows.next() {
            ids.append(Self.rowID(row))
            append(row, to: &batch)
        }
        try complete(&batch, ids: ids, in: db)
        return Dictionary(batch.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
