import Foundation

/// A change-history token: which store, which history epoch, and the last change-log sequence seen.
///
/// Tokens are opaque `Data` to apps. The layout is a 4-byte magic "CNHT", a version byte (1), the store's
/// 16-byte identifier, then the epoch and the sequence as big-endian 64-bit integers: 37 bytes in all.
/// Anything else is malformed.
package struct HistoryToken: Hashable, Sendable {
    package var storeIdentifier: UUID
    package var epoch: Int64
    package var sequence: Int64

    private static let magic: [UInt8] = Array("CNHT".utf8)
    private static let version: UInt8 = 1
    private static let length = 4 + 1 + 16 + 8 + 8

    package init(storeIdentifier: UUID, epoch: Int64, sequence: Int64) {
        self.storeIdentifier = storeIdentifier
        self.epoch = epoch
        self.sequence = sequence
    }

    /// Reads a token, or nil when the bytes are not a token of this format.
    package init?(data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count == Self.length, Array(bytes[0..<4]) == Self.magic, bytes[4] == Self.version else {
            return nil
        }
        let uuid = bytes[5..<21]
        storeIdentifier = uuid.withUnsafeBytes { raw in
            UUID(uuid: raw.loadUnaligned(as: uuid_t.self))
        }
        epoch = Self.integer(bytes[21..<29])
        sequence = Self.integer(bytes[29..<37])
        guard sequence >= 0 else { return nil }
    }

    /// The token's bytes.
    package var data: Data {
        var bytes = Self.magic
        bytes.append(Self.version)
        withUnsafeBytes(of: storeIdentifier.uuid) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: Self.bytes(of: epoch))
        bytes.append(contentsOf: Self.bytes(of: sequence))
        return Data(bytes)
    }

    private static func integer(_ slice: ArraySlice<UInt8>) -> Int64 {
        slice.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }.toSigned
    }

    private static func bytes(of value: Int64) -> [UInt8] {
        let unsigned = UInt64(bitPattern: value)
        return (0..<8).reversed().map { UInt8(truncatingIfNeeded: unsigned >> (UInt64($0) * 8)) }
    }
}

extension UInt64 {
    fileprivate var toSigned: Int64 { Int64(bitPattern: self) }
}
