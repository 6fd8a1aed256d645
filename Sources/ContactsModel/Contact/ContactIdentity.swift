import Foundation

/// Derives the `Identifiable` UUID of a contact from its identifier.
package enum ContactIdentity {
    /// The UUID at the start of the identifier, or a stable UUID computed from it.
    package static func uuid(for identifier: String) -> UUID {
        if let uuid = UUID(uuidString: String(identifier.prefix(36))) {
            return uuid
        }
        // Two FNV-1a passes with different seeds give 128 stable bits for identifiers of another form.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in identifier.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3 &+ 1
        }
        let bytes = withUnsafeBytes(of: (first.bigEndian, second.bigEndian)) { Array($0) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], (bytes[6] & 0x0f) | 0x50, bytes[7],
                (bytes[8] & 0x3f) | 0x80, bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        )
    }
}
