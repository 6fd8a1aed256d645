import Foundation

/// Makes UUID-shaped identifiers for the contacts and labeled values a reader creates.
///
/// `UUID()` costs a system call and a formatted print per identifier on Linux, which dominated parsing.
/// This generator draws 128 random bits once and adds a counter to the low half, so identifiers stay
/// unique within a reader and unpredictable across readers, at a fraction of the cost.
struct VCardIdentifierGenerator {
    private var high: UInt64
    private var low: UInt64

    init() {
        var generator = SystemRandomNumberGenerator()
        high = generator.next()
        low = generator.next()
    }

    /// The next identifier, in the 8-4-4-4-12 upper-case form of `UUID().uuidString`, followed by a suffix
    /// (such as `:ABPerson`) written into the same string rather than appended to a copy.
    mutating func next(suffix: String = "") -> String {
        low &+= 1
        // Version 4 and the RFC 4122 variant, so the text reads as a random UUID.
        let versioned = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let varianted = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return String(unsafeUninitializedCapacity: 36 + suffix.utf8.count) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // The 8-4-4-4-12 dashes follow bytes 3, 5, 7 and 9.
            var cursor = Self.write(versioned, dashesAfter: 0b0001_0101, to: base)
            cursor = Self.write(varianted, dashesAfter: 0b0100_0000, to: cursor)
            for byte in suffix.utf8 {
                cursor.pointee = byte
                cursor += 1
            }
            return base.distance(to: cursor)
        }
    }

    /// Writes the 16 hex digits of a value, two a byte from a table, with a dash after each byte whose bit
    /// is set in `dashes` (most significant bit first); returns where the next character goes.
    private static func write(
        _ value: UInt64, dashesAfter dashes: UInt8, to start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        hexPairs.withUnsafeBufferPointer { table in
            var cursor = start
            var shift: UInt64 = 56
            for byteIndex in 0..<8 {
                let pair = table[Int(truncatingIfNeeded: (value &>> shift) & 0xFF)]
                cursor[0] = UInt8(truncatingIfNeeded: pair &>> 8)
                cursor[1] = UInt8(truncatingIfNeeded: pair)
                cursor += 2
                if dashes & (0x80 &>> UInt8(byteIndex)) != 0 {
                    cursor.pointee = UInt8(ascii: "-")
                    cursor += 1
                }
                shift &-= 8
            }
            return cursor
        }
    }

    /// The two upper-case hex digits of each byte value, high digit in the high byte.
    private static let hexPairs: [UInt16] = (0..<256).map { value in
        let digits = Array("0123456789ABCDEF".utf8)
        return UInt16(digits[value >> 4]) << 8 | UInt16(digits[value & 0xF])
    }

}
