import Foundation
import GRDB
import GRDBSQLite

/// Binds values straight into a prepared statement's parameters, one after the other.
///
/// Saves and imports insert hundreds of thousands of rows. Going through `StatementArguments` costs an array
/// of existentials and a `DatabaseValue` per value, per row, which took about as long as SQLite's own work.
/// Here text is copied into a stack buffer that lives until the statement has run and bound without a copy
/// (`SQLITE_STATIC`), so a row costs no allocation at all; values that do not fit are bound with a copy
/// (`SQLITE_TRANSIENT`). ``Statement/executeBinding(_:)`` runs the statement through GRDB afterwards, so
/// errors, transaction tracking and the statement cache behave as for any other statement.
package struct StatementBinder {
    private let statement: SQLiteStatement
    private var index: CInt = 1
    /// Holds the bound text until the statement has run; only ``Statement/executeBinding(_:)`` makes one.
    private let arena: UnsafeMutableRawBufferPointer
    private var used = 0
    /// The first binding that failed (too large a value), reported when the statement runs.
    fileprivate var failure: CInt = SQLITE_OK

    fileprivate init(_ statement: SQLiteStatement, arena: UnsafeMutableRawBufferPointer) {
        self.statement = statement
        self.arena = arena
    }

    /// SQLite copies the value during the call, so the Swift buffer need not outlive it.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    /// Binds text, every byte of it.
    ///
    /// The length is given to SQLite, so U+0000 is stored with what follows it; GRDB's `String` arguments
    /// are C strings, which end there. Read such text back with ``StoredText``.
    package mutating func bind(_ value: String) {
        var value = value
        let code = value.withUTF8 { buffer -> CInt in
            let length = buffer.count
            guard let arenaBase = arena.baseAddress, used + length <= arena.count else {
                guard let base = buffer.baseAddress else {
                    return sqlite3_bind_text(statement, index, "", 0, Self.transient)
                }
                return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    sqlite3_bind_text(statement, index, $0, CInt(length), Self.transient)
                }
            }
            let target = arenaBase + used
            if let base = buffer.baseAddress, length > 0 {
                target.copyMemory(from: base, byteCount: length)
            }
            used += length
            // A zero-length value still needs an address, or SQLite would store NULL instead of ''.
            // No destructor (SQLITE_STATIC): SQLite uses the bytes where they are until the bindings are cleared.
            return sqlite3_bind_text(statement, index, target.assumingMemoryBound(to: CChar.self), CInt(length), nil)
        }
        advance(code)
    }
    /// Binds text, or NULL.
    package mutating func bind(_ value: String?) {
        guard let value else { return bindNull() }
        bind(value)
    }

    /// Binds an integer.
    package mutating func bind(_ value: Int64) {
        advance(sqlite3_bind_int64(statement, index, value))
    }

    /// Binds an integer.
    package mutating func bind(_ value: Int) {
        bind(Int64(value))
    }

    /// Binds a blob, or NULL.
    package mutating func bind(_ value: Data?) {
        guard let value else { return bindNull() }
        let statement = self.statement
        let index = self.index
        // As GRDB binds data, so an empty value is stored the same way by both paths.
        let code = value.withUnsafeBytes { buffer -> CInt in
            sqlite3_bind_blob(statement, index, buffer.baseAddress, CInt(buffer.count), Self.transient)
        }
        advance(code)
    }

    /// Binds NULL.
    package mutating func bindNull() {
        advance(sqlite3_bind_null(statement, index))
    }

    private mutating func advance(_ code: CInt) {
        if code != SQLITE_OK, failure == SQLITE_OK { failure = code }
        index += 1
    }
}

extension Statement {
    /// Text of one row up to this size is bound without a copy; SQLite copies longer values.
    package static let arenaSize = 1_024

    /// Runs the statement once, with the parameters the body binds in order.
    ///
    /// The body must bind every parameter of the statement: unbound ones are NULL.
    ///
    /// - Parameter arenaSize: How many bytes of text are bound without a copy; a statement of many rows
    ///   (``ContactRowBatch``) asks for more than one row's.
    /// - Throws: `DatabaseError` when a value cannot be bound or the statement fails.
    package func executeBinding(arenaSize: Int = Statement.arenaSize, _ body: (inout StatementBinder) -> Void) throws {
        // Resets the statement, clears old bindings and marks the (empty) arguments as bound, so `execute()`
        // below steps the statement with the values bound here instead of validating arguments.
        setUncheckedArguments(StatementArguments())
        try withUnsafeTemporaryAllocation(byteCount: arenaSize, alignment: 1) { arena in
            // The bindings point into the arena, which ends with this closure.
            defer { sqlite3_clear_bindings(sqliteStatement) }
            var binder = StatementBinder(sqliteStatement, arena: arena)
            body(&binder)
            guard binder.failure == SQLITE_OK else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: binder.failure), message: "cannot bind a value", sql: sql)
            }
            try execute()
        }
    }
}
