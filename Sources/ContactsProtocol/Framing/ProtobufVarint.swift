/// Protocol buffers' base-128 varint, for the messages contactsd writes by hand: a contact's reply
/// (``ContactReplyFrame``) and an enumeration's column batch (ContactsDaemon's `ColumnBatchEncoder`).
package enum ProtobufVarint {
    /// The number of bytes `value` takes as a varint.
    @inlinable
    package static func size(_ value: UInt64) -> Int {
        var rest = value >> 7
        var size = 1
        while rest != 0 {
            size += 1
            rest >>= 7
        }
        return size
    }
}

extension [UInt8] {
    /// Appends `value` as a varint: seven bits a byte, lowest first, the high bit set on all but the last.
    @inlinable
    package mutating func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(rest))
    }
}
