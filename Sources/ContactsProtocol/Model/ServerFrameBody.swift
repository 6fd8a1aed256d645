/// The body of a `ServerMessage` frame that a hand reader takes (``ColumnBatchFrame``, ``IdentifierBatchFrame``):
/// the frame's id and a reader of the body's bytes.
struct ServerFrameBody {
    /// The id of the request the frame answers.
    var id: UInt64
    /// A reader of the body's own fields.
    var reader: ProtobufReader

    /// Finds a frame's body when it is the message field `number`, sent once; nil when the frame has another body
    /// or none, or sends that one twice (protobuf merges the two), for another reader or SwiftProtobuf to decode.
    ///
    /// - Throws: `WireError.malformedMessage` when the message's own fields are not well formed (its id or its
    ///   body cannot be told).
    static func find(_ number: Int, in body: [UInt8]) throws(WireError) -> ServerFrameBody? {
        var reader = ProtobufReader(body, range: body.indices)
        var id: UInt64 = 0
        var found: Range<Int>?
        while let (field, type) = try reader.nextField() {
            switch (field, type) {
            case (1, .varint): id = try reader.varint()
            case (number, .lengthDelimited):
                guard found == nil else { return nil }
                found = try reader.lengthDelimited()
            case (2...24, .lengthDelimited), (40...47, .lengthDelimited):
                // Another body, which a oneof keeps if it comes last.
                return nil
            default:
                // An unknown field, or a known one with another wire type: SwiftProtobuf steps over both.
                try reader.skip(type)
            }
        }
        guard let found else { return nil }
        return ServerFrameBody(id: id, reader: reader.nested(found))
    }
}
