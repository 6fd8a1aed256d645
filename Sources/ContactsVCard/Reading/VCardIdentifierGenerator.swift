import ContactsModel
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

    /// The next identifier's bits: version 4 and the RFC 4122 variant, so the text reads as a random UUID.
    mutating func nextBits() -> (high: UInt64, low: UInt64) {
        low &+= 1
        return (
            (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000,
            (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        )
    }

    /// The next identifier, in the 8-4-4-4-12 upper-case form of `UUID().uuidString`, followed by a suffix
    /// (such as `:ABPerson`) written into the same string rather than appended to a copy.
    mutating func next(suffix: StaticString = "") -> String {
        let bits = nextBits()
        return UUIDText.string(high: bits.high, low: bits.low, suffix: suffix)
    }
}
