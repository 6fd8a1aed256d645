import Foundation
import Synchronization

/// Identifiers for new contacts, groups and labeled values: UUID strings whose first half counts up from a
/// random point chosen when the process starts, and whose second half is random.
///
/// Why not random (version 4) UUIDs: the store indexes every identifier, and random keys land on random pages
/// of those indexes, so a save of 500 contacts (about 3,000 identifiers with their values) dirtied a page per
/// key once the indexes outgrew the page cache, and cost 3.3× more at 100,000 contacts than at 10,000 (issue 17;
/// docs/Store.md). Keys that count up land next to each other, at the end of a run of the index.
///
/// Why not time-ordered (version 7) UUIDs: their first 48 bits are the creation time, and an identifier an app
/// may read would tell it when the person added someone. Here the first half tells only that two contacts were
/// made by the same process run, and in which order. The second half (62 random bits) keeps identifiers
/// unguessable and unique across processes and machines. The version field says 8 (RFC 9562's custom layout).
package enum LocalUUID {
    private static let next = Atomic<UInt64>(startingPoint())

    /// A random 64-bit starting point, with room below the top so the counter never wraps in practice.
    private static func startingPoint() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next() >> 1
    }

    /// A new identifier's UUID string, upper-case as `UUID().uuidString` writes it.
    package static func string() -> String {
        let count = next.add(1, ordering: .relaxed).oldValue
        var generator = SystemRandomNumberGenerator()
        let random: UInt64 = generator.next()
        // Version 8 in bits 48-51: the counter's low 12 bits after it, its high 48 bits before it.
        let high = ((count << 4) & 0xFFFF_FFFF_FFFF_0000) | 0x0000_0000_0000_8000 | (count & 0x0FFF)
        let low = (random & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for index in 0..<8 {
                buffer[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
                buffer[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
            }
        }
        return UUID(uuid: bytes).uuidString
    }
}
