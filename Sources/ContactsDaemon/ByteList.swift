import ContactsProtocol
import ContactsSystem

/// A growing list of bytes written through a raw pointer: the column encoder's lists (``ColumnBatchEncoder``).
///
/// Hand-written because `[UInt8]`'s appends were a fifth of contactsd's time in an enumeration of all keys: each
/// string cost three or four appends (tag, length, bytes), each with its uniqueness and capacity checks and
/// often a retain, plus a closure's scan of every byte for ASCII. Here a string reserves its room once, writes
/// its tag and length in place and copies SQLite's bytes with one `memcpy`; valid UTF-8 is checked eight bytes at
/// a time (``UTF8Check``).
///
/// A copy shares the bytes (they are freed with the last copy): only one copy is ever written, the encoder's,
/// until its frame is built; the frame then only reads them.
struct ByteList {
    /// Owns the allocation, so the struct itself stays a pointer and two integers in the hot path.
    private final class Storage {
        var pointer: UnsafeMutablePointer<UInt8>

        init(capacity: Int) {
            pointer = .allocate(capacity: capacity)
        }

        deinit {
            pointer.deallocate()
        }
    }

    private let storage: Storage
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        storage = Storage(capacity: capacity)
        base = storage.pointer
        self.capacity = capacity
    }

    var isEmpty: Bool { count == 0 }

    /// The bytes written; valid while this list (or a copy) lives and is not written again.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes, so the `put` calls that follow need no check.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if _slowPath(capacity - count < extra) { grow(to: count + extra) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.initialize(from: base, count: count)
        base.deallocate()
        storage.pointer = new
        base = new
        capacity = newCapacity
    }

    // MARK: Writing into reserved room

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func putVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            put(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        put(UInt8(rest))
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    // MARK: Appending

    mutating func append(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    mutating func appendVarint(_ value: UInt64) {
        reserve(10)
        putVarint(value)
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        put(bytes)
    }

    /// A string field from stored text; NULL is the empty string, as the store reads it. Text that is not valid
    /// UTF-8 (a damaged file) is repaired as `String(decoding:as:)` repairs it on the general path.
    mutating func appendString(_ tag: UInt64, _ text: StoredRow.Text) {
        guard let text, text.count > 0 else {
            reserve(11)
            putVarint(tag)
            put(0)
            return
        }
        guard UTF8Check.isValid(text) else {
            // The repaired text is valid UTF-8: this call writes it as it is.
            var string = String(decoding: text, as: UTF8.self)
            string.withUTF8 { appendString(tag, $0) }
            return
        }
        // The byte count is SQLite's: no scan for the length.
        reserve(20 + text.count)
        putVarint(tag)
        putVarint(UInt64(text.count))
        put(text)
    }

    mutating func appendString(_ tag: UInt64, _ string: String) {
        var string = string
        string.withUTF8 { appendString(tag, $0) }
    }

    /// A length-delimited field holding `bytes` (a nested message serialized elsewhere).
    mutating func appendMessage(_ tag: UInt64, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { bytes in
            reserve(20 + bytes.count)
            putVarint(tag)
            putVarint(UInt64(bytes.count))
            put(bytes)
        }
    }
}

/// Writes a frame whose length was computed first into the room allocated for it, through a pointer: no
/// capacity check per field (``ColumnBatchEncoder/frame(id:last:)`` sizes it exactly).
struct FrameWriter {
    private(set) var cursor: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        cursor = buffer.baseAddress!
        end = cursor + buffer.count
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        precondition(cursor < end, "a column batch's frame outgrew the length computed for it")
        cursor.initialize(to: byte)
        cursor += 1
    }

    mutating func putVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            put(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        put(UInt8(rest))
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        precondition(end - cursor >= bytes.count, "a column batch's frame outgrew the length computed for it")
        cursor.initialize(from: source, count: bytes.count)
        cursor += bytes.count
    }

    mutating func put(_ list: ByteList) {
        put(list.bytes)
    }

    mutating func putString(_ tag: UInt64, _ string: String) {
        var string = string
        string.withUTF8 { bytes in
            putVarint(tag)
            putVarint(UInt64(bytes.count))
            put(bytes)
        }
    }

    /// A packed repeated field of bytes already written (one-byte varints, or varints); omitted when empty, as
    /// proto3 omits an empty list.
    mutating func putPacked(_ tag: UInt64, _ list: ByteList) {
        guard !list.isEmpty else { return }
        putVarint(tag)
        putVarint(UInt64(list.count))
        put(list)
    }
}
