import Foundation

/// Reads protocol buffer fields from a frame's bytes, for the messages the client decodes by hand
/// (``ContactReplyFrame``, ``ColumnBatchFrame``).
///
/// Every read is checked against the end of its message: a truncated varint, a length past the end, a wire type
/// the field does not have or a string that is not UTF-8 is a `WireError.malformedMessage`, as SwiftProtobuf
/// reports it, never a read out of bounds.
struct ProtobufReader {
    private let bytes: [UInt8]
    private var position: Int
    private let end: Int
    /// The number of the field ``nextField()`` read last, which a group's end must repeat.
    private var fieldNumber = 0

    /// Reads `range` of `bytes` (a whole frame's body, or one nested message of it).
    init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    enum WireType: UInt8 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        /// proto2's groups, of no field of this protocol: SwiftProtobuf steps over one as an unknown field.
        case startGroup = 3
        case endGroup = 4
        case fixed32 = 5
    }

    /// The next field's number and wire type, or nil at the end of the message.
    mutating func nextField() throws(WireError) -> (number: Int, type: WireType)? {
        guard position < end else { return nil }
        let key = try varint()
        let number = key >> 3
        guard number > 0, number <= 536_870_911, let type = WireType(rawValue: UInt8(key & 7)) else {
            // Field 0 does not exist, nor do wire types 6 and 7.
            throw WireError(.malformedMessage, "a field key \(key) is not valid")
        }
        fieldNumber = Int(number)
        return (Int(number), type)
    }

    mutating func varint() throws(WireError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            // The tenth byte holds the 64th bit only.
            guard shift < 63 || byte <= 1 else { break }
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        throw WireError(.malformedMessage, "a varint is truncated or longer than 64 bits")
    }

    /// The range of a length-delimited field's content, which the reader then steps over.
    mutating func lengthDelimited() throws(WireError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw WireError(.malformedMessage, "a length of \(length) runs past the end of its message")
        }
        let start = position
        position += Int(length)
        return start..<position
    }

    /// Steps over a field this reader does not use (the one ``nextField()`` just read).
    mutating func skip(_ type: WireType) throws(WireError) {
        try skip(type, depth: 0)
    }

    /// SwiftProtobuf's own bound on nesting, which groups inside groups must not exceed either.
    private static let maximumDepth = 100

    private mutating func skip(_ type: WireType, depth: Int) throws(WireError) {
        switch type {
        case .varint: _ = try varint()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed64: try advance(8)
        case .fixed32: try advance(4)
        case .endGroup: throw WireError(.malformedMessage, "a group ends that did not start")
        case .startGroup:
            guard depth < Self.maximumDepth else { throw WireError(.malformedMessage, "groups are nested too deeply") }
            let group = fieldNumber
            while true {
                guard let (number, inner) = try nextField() else {
                    throw WireError(.malformedMessage, "a group does not end")
                }
                if inner == .endGroup {
                    guard number == group else {
                        throw WireError(.malformedMessage, "a group ends with another number")
                    }
                    return
                }
                try skip(inner, depth: depth + 1)
            }
        }
    }

    private mutating func advance(_ count: Int) throws(WireError) {
        guard end - position >= count else { throw WireError(.malformedMessage, "a fixed-size field is truncated") }
        position += count
    }

    /// Whether every field of the message was read.
    var isAtEnd: Bool { position >= end }

    /// Reads one entry of a repeated varint field (uint32, int32, bool) or, packed, all the entries of one run,
    /// handing each to `append`: SwiftProtobuf accepts either form of such a field, whichever the .proto says.
    /// Call only with `.varint` or `.lengthDelimited`.
    mutating func repeatedVarint(_ type: WireType, _ append: (UInt64) -> Void) throws(WireError) {
        guard type == .lengthDelimited else {
            append(try varint())
            return
        }
        var packed = nested(try lengthDelimited())
        while !packed.isAtEnd { append(try packed.varint()) }
    }

    /// A reader of a nested message's content.
    func nested(_ range: Range<Int>) -> ProtobufReader {
        ProtobufReader(bytes, range: range)
    }

    /// The content of a length-delimited field as bytes.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        Array(bytes[range])
    }

    func data(_ range: Range<Int>) -> Data {
        Data(bytes[range])
    }

    // MARK: Typed fields

    /// A string field's value; `field` names it in the error.
    mutating func string(_ type: WireType, field: StaticString) throws(WireError) -> String {
        let range = try content(type, field: field)
        let string = bytes.withUnsafeBufferPointer { buffer -> String? in
            let text = UnsafeBufferPointer(rebasing: buffer[range])
            // ASCII needs no validation, and `String(decoding:)` on a buffer is specialized here; the generic
            // `String(validating:)` looked up its generic metadata on every call, a fifth of this reader's time in a
            // profile (docs/Daemon.md, "Performance").
            var ascii: UInt8 = 0
            for byte in text { ascii |= byte }
            return ascii < 0x80 ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
        }
        guard let string else { throw WireError(.malformedMessage, "\(field) is not UTF-8") }
        return string
    }

    /// A bool field's value.
    mutating func bool(_ type: WireType, field: StaticString) throws(WireError) -> Bool {
        try expect(type, .varint, field: field)
        return try varint() != 0
    }

    /// A length-delimited field's content (a string's, bytes', a nested message's).
    mutating func content(_ type: WireType, field: StaticString) throws(WireError) -> Range<Int> {
        try expect(type, .lengthDelimited, field: field)
        return try lengthDelimited()
    }

    func expect(_ type: WireType, _ expected: WireType, field: StaticString) throws(WireError) {
        guard type == expected else {
            throw WireError(.malformedMessage, "\(field) has wire type \(type.rawValue), not \(expected.rawValue)")
        }
    }
}
