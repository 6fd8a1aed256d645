/// The 8-4-4-4-12 upper-case text of a UUID's 128 bits, as `UUID().uuidString` writes it.
///
/// Shared by the vCard reader, which makes a contact's identifier at once, and ``CNLabeledValue``, which keeps a
/// reader-made identifier as its bits and makes the text only when it is first read.
package enum UUIDText {
    /// The text of a UUID whose first eight bytes are `high` and last eight `low` (most significant first),
    /// followed by `suffix` (such as `:ABPerson`) written into the same string.
    package static func string(high: UInt64, low: UInt64, suffix: StaticString = "") -> String {
        String(unsafeUninitializedCapacity: 36 + suffix.utf8CodeUnitCount) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // The 8-4-4-4-12 dashes follow bytes 3, 5, 7 and 9.
            var cursor = write(high, dashesAfter: 0b0001_0101, to: base)
            cursor = write(low, dashesAfter: 0b0100_0000, to: cursor)
            let suffixCount = suffix.utf8CodeUnitCount
            if suffixCount > 0 {
                cursor.update(from: suffix.utf8Start, count: suffixCount)
                cursor += suffixCount
            }
            return base.distance(to: cursor)
        }
    }

    /// Writes the 16 hex digits of a value, with a dash after each byte whose bit is set in `dashes` (most
    /// significant bit first); returns where the next character goes.
    @inline(__always)
    private static func write(
        _ value: UInt64, dashesAfter dashes: UInt8, to start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var cursor = start
        var shift: UInt64 = 60
        for byteIndex in 0..<8 {
            for _ in 0..<2 {
                let digit = UInt8(truncatingIfNeeded: (value &>> shift) & 0xF)
                // 0-9 then A-F, without a table (a table in a static property goes through `swift_once`).
                cursor.pointee = digit < 10 ? digit &+ 0x30 : digit &+ 0x37
                cursor += 1
                shift &-= 4
            }
            if dashes & (0x80 &>> UInt8(byteIndex)) != 0 {
                cursor.pointee = UInt8(ascii: "-")
                cursor += 1
            }
        }
        return cursor
    }
}
