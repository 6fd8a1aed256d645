import Foundation

/// Random (version 4) UUID strings from the system generator.
///
/// `UUID()` in swift-corelibs-foundation opens `/dev/urandom` for every identifier, which dominated imports
/// of many contacts (each contact and labeled value needs one); `SystemRandomNumberGenerator` uses the
/// `getrandom` system call without opening a file.
package enum RandomUUID {
    /// A new random UUID's string, upper-case as `UUID().uuidString` writes it.
    package static func string() -> String {
        var generator = SystemRandomNumberGenerator()
        let first: UInt64 = generator.next()
        let second: UInt64 = generator.next()
        let high = (first & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000
        let low = (second & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            for index in 0..<8 {
                buffer[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
                buffer[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
            }
        }
        return UUID(uuid: bytes).uuidString
    }
}
