import Foundation

/// Appends protocol buffer fields to a byte array, for the messages contactsd composes by hand
/// (``ContactReplyFrame``).
///
/// Only what proto3's binary format needs for strings, bytes, booleans, integers and nested messages whose
/// length the caller knows before writing them. Like SwiftProtobuf, a singular field at its default (an empty
/// string, false, zero) is left out, and a repeated one never is.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The wire types this protocol uses.
    enum WireType: UInt64 {
        case varint = 0
        case lengthDelimited = 2
    }

    // MARK: Sizes

    static func varintSize(_ value: UInt64) -> Int {
        ProtobufVarint.size(value)
    }

    static func tagSize(_ field: Int) -> Int {
        varintSize(UInt64(field) << 3)
    }

    /// The size of a length-delimited field whose content takes `length` bytes, written even when empty.
    static func lengthDelimitedSize(_ field: Int, length: Int) -> Int {
        tagSize(field) + varintSize(UInt64(length)) + length
    }

    /// The size of a singular string field: none when the string is empty.
    static func stringSize(_ field: Int, _ value: String) -> Int {
        let length = value.utf8.count
        return length == 0 ? 0 : lengthDelimitedSize(field, length: length)
    }

    // MARK: Writing

    mutating func varint(_ value: UInt64) {
        bytes.appendVarint(value)
    }

    mutating func tag(_ field: Int, _ type: WireType) {
        varint(UInt64(field) << 3 | type.rawValue)
    }

    /// A length-delimited field's tag and length; its `length` bytes follow.
    mutating func lengthPrefix(_ field: Int, length: Int) {
        tag(field, .lengthDelimited)
        varint(UInt64(length))
    }

    /// A singular string field, left out when empty.
    mutating func string(_ field: Int, _ value: String) {
        guard !value.isEmpty else { return }
        repeatedString(field, value)
    }

    /// One element of a repeated string field: written even when empty.
    mutating func repeatedString(_ field: Int, _ value: String) {
        lengthPrefix(field, length: value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    /// A singular bytes field, left out when empty.
    mutating func data(_ field: Int, _ value: Data) {
        guard !value.isEmpty else { return }
        lengthPrefix(field, length: value.count)
        bytes.append(contentsOf: value)
    }

    /// Raw bytes: a nested message serialized elsewhere, after its ``lengthPrefix(_:length:)``.
    mutating func raw(_ value: [UInt8]) {
        bytes.append(contentsOf: value)
    }

    /// A singular bool field, left out when false.
    mutating func bool(_ field: Int, _ value: Bool) {
        guard value else { return }
        tag(field, .varint)
        varint(1)
    }

    /// A singular int32 field, left out when zero; a negative value takes ten bytes, sign-extended, as proto3 says.
    mutating func int32(_ field: Int, _ value: Int32) {
        guard value != 0 else { return }
        tag(field, .varint)
        varint(UInt64(bitPattern: Int64(value)))
    }

    /// A singular uint64 field, left out when zero.
    mutating func uint64(_ field: Int, _ value: UInt64) {
        guard value != 0 else { return }
        tag(field, .varint)
        varint(value)
    }
}
