import Foundation
import GRDB
import GRDBSQLite

/// The identifiers of one batch of a read of identifiers alone, kept as their bytes; each identifier's
/// `String` is made when its contact is handed out.
///
/// Made while the batch is read, a batch's thousand identifier strings were a thousand allocations in a row,
/// past the allocator's per-thread cache, each through its slow path (and the allocator consolidated its
/// free chunks before each batch): about 460 instructions a string (callgrind, docs/Store.md). Made as each
/// contact is handed out, the string of a contact the caller dropped is freed before the next one is made,
/// and both stay in the cache. The bytes are copied into one buffer kept from batch to batch, by address:
/// through `Array.append(contentsOf:)` the copy cost more than it saved.
struct IdentifierBatch {
    /// The bytes, one identifier after the other; a `let` of a class, so reading it begins no access check.
    private final class Bytes {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deallocate()
        }
    }

    private var bytes = Bytes(capacity: 64 * 1024)
    /// How many bytes of ``bytes`` hold identifiers.
    private var used = 0
    /// Where each identifier's bytes end in ``bytes``.
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// Appends the text of a column of the current row of a statement, every byte of it (as ``StoredText``).
    mutating func append(_ statement: SQLiteStatement, column: CInt) {
        // SQLite's order: the text first, then its length in bytes.
        if let text = sqlite3_column_text(statement, column) {
            let length = Int(sqlite3_column_bytes(statement, column))
            if used + length > bytes.capacity {
                let larger = Bytes(capacity: max(bytes.capacity * 2, used + length))
                larger.base.update(from: bytes.base, count: used)
                bytes = larger
            }
            (bytes.base + used).update(from: text, count: length)
            used += length
        }
        ends.append(used)
    }

    /// The identifier at `index`, decoded as ``StoredText`` decodes text.
    func identifier(at index: Int) -> String {
        let start = index == 0 ? 0 : ends[index - 1]
        let end = ends[index]
        guard end > start else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes.base + start, count: end - start), as: UTF8.self)
    }

    /// The bytes of the identifier at `index`, as stored.
    func bytes(at index: Int) -> Data {
        let start = index == 0 ? 0 : ends[index - 1]
        return Data(bytes: bytes.base + start, count: ends[index] - start)
    }

    /// Empties the batch, keeping its buffers for the next one.
    mutating func removeAll() {
        used = 0
        ends.removeAll(keepingCapacity: true)
    }
}
